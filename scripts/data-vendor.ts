/**
 * Turns a downloaded third-party name-day file into data/reference/<dataset-id>/days.json, the one shape
 * every reference dataset has here: `{ "MM-DD": [names as the dataset spells them] }`, fixed days only.
 * Usage: `npx tsx scripts/data-vendor.ts <dataset-id> <raw-file>...`. The raw file is never committed; the
 * dataset's manifest.json (written by hand) says where it came from and under which licence.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Days = Record<string, string[]>;
/** A dataset's entries as it groups them (one saint's names, say), where the grouping says more than the day. */
type Groups = Array<[day: string, names: string[]]>;
type Converter = (raws: string[]) => { days: Days; groups?: Groups };

/** Day labels some lists put among the names; they name a day, not a person. */
const DAY_LABELS = new Set(['Visu neparasto un kalendāros neierakstīto vārdu diena']);
const PLACEHOLDERS = new Set(['-', '–', '—']);

const cleanNames = (names: readonly string[]): string[] => [
  ...new Set(names.map((name) => name.trim()).filter((name) => name && !PLACEHOLDERS.has(name) && !DAY_LABELS.has(name))),
];

const daysOfGroups = (groups: Groups): Days => {
  const days: Days = {};
  for (const [day, names] of groups) days[day] = cleanNames([...(days[day] ?? []), ...names]);
  return sortedDays(days);
};

const sortedDays = (days: Days): Days => Object.fromEntries(Object.entries(days).sort(([a], [b]) => a.localeCompare(b)));

/** `{ "MM-DD": ["Name", ...] }` already: only cleaned. */
const keyedByDay: Converter = ([raw]) => ({
  days: sortedDays(
    Object.fromEntries(Object.entries(JSON.parse(raw ?? '{}') as Days).map(([day, names]) => [day, cleanNames(names)])),
  ),
});

/** `{ "data": [{ "names": [...], "date": "DD/MM" }] }`: one entry per saint or name family. */
const entriesWithDayMonth: Converter = ([raw]) => {
  const entries = (JSON.parse(raw ?? '{"data": []}') as { data: Array<{ names: string[]; date: string }> }).data;
  const groups: Groups = entries.map(({ names, date }) => {
    const [day, month] = date.split('/');
    return [`${month?.padStart(2, '0')}-${day?.padStart(2, '0')}`, cleanNames(names)];
  });
  return { days: daysOfGroups(groups), groups };
};

/**
 * ES modules exporting `[{ namestext: "Α,Β", namedays: [{ case: "fixed", date: "1970-MM-DD" }, ...] }]` (a name
 * family with its days; other cases are Easter-relative or weekday rules, not vendored as fixed days).
 */
const nameFamiliesWithDates: Converter = (raws) => {
  const families = raws.flatMap(
    (raw) =>
      JSON.parse(raw.replace(/^\s*export const \w+ = /, '').replace(/;\s*$/, '')) as Array<{
        namestext: string;
        namedays: Array<{ case: string; date?: string }>;
      }>,
  );
  const groups: Groups = families.flatMap((family) =>
    family.namedays
      .filter((nameday) => nameday.case === 'fixed' && nameday.date)
      .map((nameday): [string, string[]] => [nameday.date?.slice(5) ?? '', cleanNames(family.namestext.split(','))]),
  );
  return { days: daysOfGroups(groups), groups };
};

const CONVERTERS: Readonly<Record<string, Converter>> = {
  'lv-vvc-extended': keyedByDay,
  'gr-alexstyl': entriesWithDayMonth,
  'gr-el-name-tools': nameFamiliesWithDates,
};

const [datasetId, ...rawFiles] = process.argv.slice(2);
const convert = datasetId ? CONVERTERS[datasetId] : undefined;
if (!convert || rawFiles.length === 0) {
  process.stderr.write(`usage: tsx scripts/data-vendor.ts <${Object.keys(CONVERTERS).join('|')}> <raw-file>...\n`);
  process.exit(2);
}
const { days, groups } = convert(rawFiles.map((file) => readFileSync(file, 'utf8')));
const folder = join(__dirname, '..', 'data', 'reference', datasetId as string);
const target = join(folder, 'days.json');
// One day (or entry) a line: diffs between editions of a dataset then read day by day.
const lines = Object.entries(days).map(([day, dayNames]) => `  ${JSON.stringify(day)}: ${JSON.stringify(dayNames)}`);
writeFileSync(target, `{\n${lines.join(',\n')}\n}\n`);
if (groups)
  writeFileSync(join(folder, 'groups.json'), `[\n${groups.map((group) => `  ${JSON.stringify(group)}`).join(',\n')}\n]\n`);
const names = Object.values(days).flat();
process.stdout.write(`${target}: ${Object.keys(days).length} days, ${names.length} names, ${new Set(names).size} distinct\n`);
