/**
 * Turns a downloaded third-party name-day file into data/reference/<dataset-id>/days.json, the one shape
 * every reference dataset has here: `{ "MM-DD": [names as the dataset spells them] }`, fixed days only.
 * Usage: `npx tsx scripts/data-vendor.ts <dataset-id> <raw-file>`. The raw file is never committed; the
 * dataset's manifest.json (written by hand) says where it came from and under which licence.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Days = Record<string, string[]>;
type Converter = (raw: string) => Days;

/** Day labels some lists put among the names; they name a day, not a person. */
const DAY_LABELS = new Set(['Visu neparasto un kalendāros neierakstīto vārdu diena']);
const PLACEHOLDERS = new Set(['-', '–', '—']);

const cleanNames = (names: readonly string[]): string[] => [
  ...new Set(names.map((name) => name.trim()).filter((name) => name && !PLACEHOLDERS.has(name) && !DAY_LABELS.has(name))),
];

const sortedDays = (days: Days): Days => Object.fromEntries(Object.entries(days).sort(([a], [b]) => a.localeCompare(b)));

/** `{ "MM-DD": ["Name", ...] }` already: only cleaned. */
const keyedByDay: Converter = (raw) =>
  sortedDays(Object.fromEntries(Object.entries(JSON.parse(raw) as Days).map(([day, names]) => [day, cleanNames(names)])));

const CONVERTERS: Readonly<Record<string, Converter>> = {
  'lv-vvc-extended': keyedByDay,
};

const [datasetId, rawFile] = process.argv.slice(2);
const convert = datasetId ? CONVERTERS[datasetId] : undefined;
if (!convert || !rawFile) {
  process.stderr.write(`usage: tsx scripts/data-vendor.ts <${Object.keys(CONVERTERS).join('|')}> <raw-file>\n`);
  process.exit(2);
}
const days = convert(readFileSync(rawFile, 'utf8'));
const target = join(__dirname, '..', 'data', 'reference', datasetId as string, 'days.json');
// One day a line: diffs between editions of a dataset then read day by day.
const lines = Object.entries(days).map(([day, dayNames]) => `  ${JSON.stringify(day)}: ${JSON.stringify(dayNames)}`);
writeFileSync(target, `{\n${lines.join(',\n')}\n}\n`);
const names = Object.values(days).flat();
process.stdout.write(`${target}: ${Object.keys(days).length} days, ${names.length} names, ${new Set(names).size} distinct\n`);
