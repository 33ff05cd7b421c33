/**
 * `npm run data:agreement`: how far each country's calendar agrees with independent public datasets
 * (build-time inputs only, never served), day by day in 2026: the npm packages below and every dataset
 * vendored under data/reference/<id>/ (see scripts/data-reference.ts). Prints the table; `-- --write`
 * puts it in data/README.md with the date it was made, and the disagreeing days in data/AGREEMENT.md.
 * Not part of `npm test`: a dataset's own errors are not ours to fail on.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { loadServiceData } from '../lambda/adapters/data-files/service-data';
import type { CalendarDefinition } from '../lambda/core/calendar/calendar';
import { materializeYear } from '../lambda/core/calendar/materialize';
import { foldName } from '../lambda/core/names/name-folding';
import { COUNTRY_NAMES } from '../lambda/core/shared/countries';
import { datasetDayKey, loadReferenceDatasets, type ReferenceDataset } from './data-reference';

const YEAR = 2026;
const ROOT = join(__dirname, '..');
const load = createRequire(__filename);

interface Dataset {
  /** The dataset's short name, as in the table: the npm package or the data/reference folder. */
  id: string;
  /** Markdown link to where it is published, with its version when it has one. */
  label: string;
  licence: string;
  /** Our calendar it is compared with. */
  calendar: string;
  /** What the package says it is built from. */
  origin: string;
  /**
   * The names the dataset gives for a date (month and day, 1-based); [] for a day without names;
   * undefined for a day the dataset does not cover (not compared).
   */
  namesOn(month: number, day: number): string[] | undefined;
}

const versionOf = (packageName: string): string =>
  (JSON.parse(readFileSync(load.resolve(`${packageName}/package.json`), 'utf8')) as { version: string }).version;
const npmLabel = (packageName: string) =>
  `[${packageName}](https://www.npmjs.com/package/${packageName}) ${versionOf(packageName)}`;

/** Day of a leap year, from 0: the index of lists that keep a place for 29 February. */
const leapYearIndex = (month: number, day: number): number =>
  [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335][month - 1]! + day - 1;

const NPM_DATASETS: Dataset[] = [
  {
    id: 'nevnap',
    label: npmLabel('nevnap'),
    licence: 'MIT',
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
    id: 'namnsdag',
    label: npmLabel('namnsdag'),
    licence: 'MIT (data taken from Swedish Wikipedia, CC BY-SA)',
    calendar: 'swedish-civil',
    origin: 'the Swedish almanac list as on Swedish Wikipedia; a day without names is a string',
    namesOn: (month, day) => {
      const days = load('namnsdag/data.js') as Array<string | string[]>;
      const entry = days[leapYearIndex(month, day)];
      return Array.isArray(entry) ? entry : [];
    },
  },
];

const pad = (value: number) => String(value).padStart(2, '0');

/** One comparison per calendar a vendored dataset names. */
const fromReference = ({ manifest, days }: ReferenceDataset): Dataset[] =>
  manifest.calendars.map((calendar) => ({
    id: manifest.id,
    label: `[${manifest.title}](${manifest.url})${manifest.version ? ` ${manifest.version}` : ''}, retrieved ${manifest.retrieved}`,
    licence: manifest.licence,
    calendar,
    origin: manifest.origin,
    namesOn: (month, day) => days[datasetDayKey(manifest, YEAR, month, day)]?.slice(),
  }));

interface DayComparison {
  date: string;
  ours: string[];
  theirs: string[];
}

interface Agreement {
  dataset: Dataset;
  country: string;
  days: DayComparison[];
  /** Distinct names of our calendar over the whole year, compared days or not. */
  ourDistinctNames: number;
}

const fold = (names: readonly string[]) => new Set(names.map(foldName));
const shared = (day: DayComparison) => {
  const theirs = fold(day.theirs);
  return [...fold(day.ours)].filter((name) => theirs.has(name)).length;
};
const same = (day: DayComparison) => shared(day) === fold(day.ours).size && shared(day) === fold(day.theirs).size;
const distinctTheirs = (days: readonly DayComparison[]) => new Set(days.flatMap((day) => day.theirs.map(foldName))).size;

const compare = (dataset: Dataset, calendar: CalendarDefinition): Agreement => {
  const ours = new Map<string, string[]>();
  for (const entry of materializeYear(calendar, YEAR)) ours.set(entry.date, [...(ours.get(entry.date) ?? []), ...entry.names]);
  const days: DayComparison[] = [];
  for (let month = 1; month <= 12; month += 1) {
    for (let day = 1; day <= new Date(Date.UTC(YEAR, month, 0)).getUTCDate(); day += 1) {
      const date = `${YEAR}-${pad(month)}-${pad(day)}`;
      const theirs = dataset.namesOn(month, day);
      if (theirs) days.push({ date, ours: ours.get(date) ?? [], theirs });
    }
  }
  return { dataset, country: calendar.country, days, ourDistinctNames: new Set([...ours.values()].flat().map(foldName)).size };
};

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`);

const row = (agreement: Agreement): string[] => {
  const { days, dataset, country } = agreement;
  const theirNames = days.reduce((sum, day) => sum + fold(day.theirs).size, 0);
  const ourNames = days.reduce((sum, day) => sum + fold(day.ours).size, 0);
  const sharedNames = days.reduce((sum, day) => sum + shared(day), 0);
  return [
    `${country} ${COUNTRY_NAMES[country] ?? ''}`,
    `\`${dataset.calendar}\``,
    `${dataset.label} (${dataset.licence})`,
    String(days.length),
    percent(days.filter(same).length, days.length),
    percent(days.filter((day) => shared(day) > 0 || (day.ours.length === 0 && day.theirs.length === 0)).length, days.length),
    percent(sharedNames, theirNames),
    percent(sharedNames, ourNames),
    String(agreement.ourDistinctNames),
    String(distinctTheirs(days)),
  ];
};

const markdownTable = (rows: string[][]): string =>
  [
    '| Country | Calendar | Dataset (version, licence) | Days compared | Same names | At least one name shared | Their names on our day | Our names on their day | Distinct names, ours | Distinct names, theirs |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
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
    `## ${agreement.country}: \`${agreement.dataset.calendar}\` against ${agreement.dataset.id}`,
    '',
    `${agreement.dataset.label} (${agreement.dataset.licence}): ${agreement.dataset.origin}. ${lines.length} of ${agreement.days.length} days differ.`,
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

const byCountryCalendarDataset = (a: Agreement, b: Agreement) =>
  a.country.localeCompare(b.country) ||
  a.dataset.calendar.localeCompare(b.dataset.calendar) ||
  a.dataset.id.localeCompare(b.dataset.id);

const main = () => {
  const { definitions } = loadServiceData();
  const bySlug = new Map(definitions.map((definition) => [definition.slug, definition]));
  const datasets = [...NPM_DATASETS, ...loadReferenceDatasets().flatMap(fromReference)];
  const agreements = datasets
    .map((dataset) => {
      const calendar = bySlug.get(dataset.calendar);
      if (!calendar) throw new Error(`Dataset ${dataset.id} names an unknown calendar ${dataset.calendar}`);
      return compare(dataset, calendar);
    })
    .sort(byCountryCalendarDataset);
  const compared = new Set(agreements.map((agreement) => agreement.country));
  const without = Object.keys(COUNTRY_NAMES)
    .filter((country) => !compared.has(country))
    .sort();
  const made = new Date().toISOString().slice(0, 10);
  const table = markdownTable(agreements.map(row));
  const body = [
    `Made on ${made} by \`npm run data:agreement -- --write\`, for the days of ${YEAR}, against the independent`,
    'datasets published as npm packages and those vendored under `data/reference/` (see [SOURCES.md](SOURCES.md)).',
    'Names are compared folded (case, marks and punctuation ignored), on the days the dataset covers. "Same',
    'names": the day has exactly the same names on both sides (a day without names on both sides counts); "their',
    'names on our day" (per-day name recall): the share of the dataset\'s names that our calendar has on that day;',
    '"our names on their day": the other way round; "distinct names": different names over the year on each side',
    '(ours over the whole year). The datasets are build-time inputs of this report and of our data builds only,',
    'never served. The disagreeing days are listed in [AGREEMENT.md](AGREEMENT.md).',
    '',
    table,
    '',
    ...(without.length === 0
      ? []
      : [
          `No independent dataset with a licence that allows this use is compared yet for: ${without.join(', ')}.`,
          'Their calendars rest on the references named in [SOURCES.md](SOURCES.md), at least two for each day checked.',
        ]),
  ].join('\n');
  process.stdout.write(`${table}\n\nNo dataset: ${without.join(', ') || 'none'}\n`);
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
