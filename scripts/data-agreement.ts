/**
 * `npm run data:agreement`: how far each country's calendar agrees with independent public datasets
 * published as npm packages (build-time inputs only, never served), day by day in 2026. Prints the
 * table; `-- --write` puts it in data/README.md with the date it was made, and the disagreeing days in
 * data/AGREEMENT.md. Not part of `npm test`: a dataset's own errors are not ours to fail on.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { loadServiceData } from '../lambda/adapters/data-files/service-data';
import type { CalendarDefinition } from '../lambda/core/calendar/calendar';
import { materializeYear } from '../lambda/core/calendar/materialize';
import { foldName } from '../lambda/core/names/name-folding';
import { COUNTRY_NAMES } from '../lambda/core/shared/countries';

const YEAR = 2026;
const ROOT = join(__dirname, '..');
const load = createRequire(__filename);

interface Dataset {
  /** The npm package, as named in the table. */
  packageName: string;
  licence: string;
  country: string;
  /** Our calendar it is compared with. */
  calendar: string;
  /** What the package says it is built from. */
  origin: string;
  /** The names the dataset gives for a date (month and day, 1-based); [] for a day without names. */
  namesOn(month: number, day: number): string[];
}

const versionOf = (packageName: string): string =>
  (JSON.parse(readFileSync(load.resolve(`${packageName}/package.json`), 'utf8')) as { version: string }).version;

/** Day of a leap year, from 0: the index of lists that keep a place for 29 February. */
const leapYearIndex = (month: number, day: number): number =>
  [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335][month - 1]! + day - 1;

const DATASETS: Dataset[] = [
  {
    packageName: 'nevnap',
    licence: 'MIT',
    country: 'HU',
    calendar: 'hungarian-civil',
    origin: 'the Hungarian name day list, one string of names a day',
    namesOn: (month, day) => {
      const months = load('nevnap/dist/namedays.json') as string[][];
      return (months[month - 1]?.[day - 1] ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
    },
  },
  {
    packageName: 'namnsdag',
    licence: 'MIT (data taken from Swedish Wikipedia, CC BY-SA)',
    country: 'SE',
    calendar: 'swedish-civil',
    origin: 'the Swedish almanac list as on Swedish Wikipedia; a day without names is a string',
    namesOn: (month, day) => {
      const days = load('namnsdag/data.js') as Array<string | string[]>;
      const entry = days[leapYearIndex(month, day)];
      return Array.isArray(entry) ? entry : [];
    },
  },
];

interface DayComparison {
  date: string;
  ours: string[];
  theirs: string[];
}

interface Agreement {
  dataset: Dataset;
  version: string;
  days: DayComparison[];
}

const fold = (names: readonly string[]) => new Set(names.map(foldName));
const shared = (day: DayComparison) => {
  const theirs = fold(day.theirs);
  return [...fold(day.ours)].filter((name) => theirs.has(name)).length;
};
const same = (day: DayComparison) => shared(day) === fold(day.ours).size && shared(day) === fold(day.theirs).size;

const compare = (dataset: Dataset, calendar: CalendarDefinition): Agreement => {
  const ours = new Map<string, string[]>();
  for (const entry of materializeYear(calendar, YEAR)) ours.set(entry.date, [...(ours.get(entry.date) ?? []), ...entry.names]);
  const days: DayComparison[] = [];
  for (let month = 1; month <= 12; month += 1) {
    for (let day = 1; day <= new Date(Date.UTC(YEAR, month, 0)).getUTCDate(); day += 1) {
      const date = `${YEAR}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      days.push({ date, ours: ours.get(date) ?? [], theirs: dataset.namesOn(month, day) });
    }
  }
  return { dataset, version: versionOf(dataset.packageName), days };
};

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`);

const row = (agreement: Agreement): string[] => {
  const { days, dataset } = agreement;
  const theirNames = days.reduce((sum, day) => sum + fold(day.theirs).size, 0);
  const ourNames = days.reduce((sum, day) => sum + fold(day.ours).size, 0);
  const sharedNames = days.reduce((sum, day) => sum + shared(day), 0);
  return [
    `${dataset.country} ${COUNTRY_NAMES[dataset.country] ?? ''}`,
    `\`${dataset.calendar}\``,
    `[${dataset.packageName}](https://www.npmjs.com/package/${dataset.packageName}) ${agreement.version} (${dataset.licence})`,
    String(days.length),
    percent(days.filter(same).length, days.length),
    percent(days.filter((day) => shared(day) > 0 || (day.ours.length === 0 && day.theirs.length === 0)).length, days.length),
    percent(sharedNames, theirNames),
    percent(sharedNames, ourNames),
  ];
};

const markdownTable = (rows: string[][]): string =>
  [
    '| Country | Calendar | Dataset (version, licence) | Days compared | Same names | At least one name shared | Their names on our day | Our names on their day |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((cells) => `| ${cells.join(' | ')} |`),
  ].join('\n');

const disagreements = (agreement: Agreement): string => {
  const lines = agreement.days
    .filter((day) => !same(day))
    .map((day) => {
      const theirs = fold(day.theirs);
      const ours = fold(day.ours);
      const onlyOurs = day.ours.filter((name) => !theirs.has(foldName(name)));
      const onlyTheirs = day.theirs.filter((name) => !ours.has(foldName(name)));
      return `| ${day.date} | ${onlyOurs.join(', ') || '—'} | ${onlyTheirs.join(', ') || '—'} |`;
    });
  return [
    `## ${agreement.dataset.country}: \`${agreement.dataset.calendar}\` against ${agreement.dataset.packageName} ${agreement.version}`,
    '',
    `${agreement.dataset.packageName}: ${agreement.dataset.origin}. ${lines.length} of ${agreement.days.length} days differ.`,
    '',
    '| Date | Only ours | Only theirs |',
    '| --- | --- | --- |',
    ...lines,
  ].join('\n');
};

const replaceSection = (text: string, body: string): string => {
  const start = '<!-- agreement:start -->';
  const end = '<!-- agreement:end -->';
  const section = `${start}\n${body}\n${end}`;
  if (!text.includes(start)) return `${text.trimEnd()}\n\n## Agreement with independent datasets\n\n${section}\n`;
  return text.slice(0, text.indexOf(start)) + section + text.slice(text.indexOf(end) + end.length);
};

const main = () => {
  const { definitions } = loadServiceData();
  const bySlug = new Map(definitions.map((definition) => [definition.slug, definition]));
  const agreements = DATASETS.map((dataset) => {
    const calendar = bySlug.get(dataset.calendar);
    if (!calendar) throw new Error(`No calendar ${dataset.calendar}`);
    return compare(dataset, calendar);
  });
  const compared = new Set(DATASETS.map((dataset) => dataset.country));
  const without = Object.keys(COUNTRY_NAMES)
    .filter((country) => !compared.has(country))
    .sort();
  const made = new Date().toISOString().slice(0, 10);
  const table = markdownTable(agreements.map(row));
  const body = [
    `Made on ${made} by \`npm run data:agreement -- --write\`, for the days of ${YEAR}. Names are compared folded`,
    '(case, marks and punctuation ignored). "Same names": the day has exactly the same names on both sides (a',
    'day without names on both sides counts); "their names on our day": the share of the dataset\'s names that',
    'our calendar has on that day; "our names on their day": the other way round. The datasets are build-time',
    'inputs of this report only, never served. The disagreeing days are listed in [AGREEMENT.md](AGREEMENT.md).',
    '',
    table,
    '',
    `No independent dataset is available as an npm package with a licence that allows this use for: ${without.join(', ')}.`,
    'Their calendars rest on the references named in [SOURCES.md](SOURCES.md), at least two for each day checked.',
  ].join('\n');
  process.stdout.write(`${table}\n\nNo dataset: ${without.join(', ')}\n`);
  if (process.argv.includes('--write')) {
    const readme = join(ROOT, 'data', 'README.md');
    writeFileSync(readme, replaceSection(readFileSync(readme, 'utf8'), body));
    writeFileSync(
      join(ROOT, 'data', 'AGREEMENT.md'),
      [
        '# Days on which the calendars and independent datasets disagree',
        '',
        `Made on ${made} by \`npm run data:agreement -- --write\`; the summary is in [README.md](README.md#agreement-with-independent-datasets).`,
        '',
        ...agreements.map(disagreements),
        '',
      ].join('\n'),
    );
  }
};

main();
