/**
 * `npm run data:build-names`: adds to a calendar every (name, day) on which at least two independent
 * datasets vendored under data/reference/ agree (the rule of data/SOURCES.md), after the names the day
 * already has, and names those datasets in the calendar's `sources`. Never removes or moves a name, so
 * it can run again after any dataset changes. `-- --dry-run` prints what it would add.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { foldName } from '../lambda/core/names/name-folding';
import { loadReferenceDatasets, type ReferenceDataset } from './data-reference';
import { nameFormProblem } from './name-form-problems';

const CALENDARS_DIR = join(__dirname, '..', 'data', 'calendars');

/**
 * Per calendar, the datasets that vote, each of a different origin (two copies of one origin are one
 * source). When they agree, the spelling of the first one listed is taken.
 */
const VOTERS: Record<string, string[]> = {
  'italian-catholic': ['romcal-it', 'abalin-it'],
  'spanish-catholic': ['romcal-es', 'abalin-es'],
  'french-catholic': ['freebsd-fetes-fr', 'romcal-fr', 'abalin-fr'],
};

interface CalendarFile {
  sources: Array<{ title: string; url: string }>;
  days: Record<string, { names: string[]; gap?: string; [key: string]: unknown }>;
  movable?: unknown[];
  [key: string]: unknown;
}

/** (day, name) pairs at least two voters give, in the first voter's spelling, in day order. */
export const agreedNames = (voters: readonly ReferenceDataset[]): Map<string, string[]> => {
  const agreed = new Map<string, string[]>();
  const days = [...new Set(voters.flatMap((voter) => Object.keys(voter.days)))].sort();
  for (const day of days) {
    const seen = new Map<string, { spelling: string; votes: number }>();
    for (const voter of voters) {
      for (const name of new Set(voter.days[day] ?? [])) {
        const folded = foldName(name);
        const entry = seen.get(folded);
        if (entry) entry.votes += 1;
        else seen.set(folded, { spelling: name, votes: 1 });
      }
    }
    const names = [...seen.values()].filter((entry) => entry.votes >= 2).map((entry) => entry.spelling);
    if (names.length > 0) agreed.set(day, names);
  }
  return agreed;
};

const sourceOf = ({ manifest }: ReferenceDataset) => ({
  title: `${manifest.title} (${manifest.licence}; data/reference/${manifest.id}, facts taken where two independent datasets agree)`,
  url: manifest.url,
});

/** One line a value, as the hand-written files have their days and movable entries: {"names": ["Ana"]}. */
const oneLine = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, inner]) => `${JSON.stringify(key)}: ${oneLine(inner)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
};

/** The calendar in the layout of data/calendars/: header fields indented, one line per day and movable entry. */
const calendarText = (calendar: CalendarFile): string => {
  const fields = Object.entries(calendar).map(([key, value]) => {
    if (key === 'days') {
      const lines = Object.entries(value as CalendarFile['days']).map(
        ([day, entry]) => `    ${JSON.stringify(day)}: ${oneLine(entry)}`,
      );
      return `  "days": {\n${lines.join(',\n')}\n  }`;
    }
    if (key === 'movable' && Array.isArray(value)) {
      return value.length === 0
        ? '  "movable": []'
        : `  "movable": [\n${value.map((entry) => `    ${oneLine(entry)}`).join(',\n')}\n  ]`;
    }
    return `  ${JSON.stringify(key)}: ${JSON.stringify(value, null, 2).replace(/\n/g, '\n  ')}`;
  });
  return `{\n${fields.join(',\n')}\n}\n`;
};

const build = (slug: string, voterIds: readonly string[], datasets: Map<string, ReferenceDataset>, dryRun: boolean) => {
  const voters = voterIds.map((id) => {
    const dataset = datasets.get(id);
    if (!dataset) throw new Error(`${slug}: no dataset data/reference/${id}`);
    return dataset;
  });
  const path = join(CALENDARS_DIR, `${slug}.json`);
  const calendar = JSON.parse(readFileSync(path, 'utf8')) as CalendarFile;
  const added: string[] = [];
  for (const [day, names] of agreedNames(voters)) {
    // 29 February belongs to the leap-day rule of each calendar; the datasets do not agree on it.
    if (day === '02-29') continue;
    // A day the tradition leaves without a name on purpose keeps its gap.
    if (calendar.days[day]?.gap) continue;
    const entry = (calendar.days[day] ??= { names: [] });
    const present = new Set(entry.names.map(foldName));
    for (const name of names) {
      if (present.has(foldName(name)) || nameFormProblem(name)) continue;
      entry.names.push(name);
      present.add(foldName(name));
      added.push(`${day} ${name}`);
    }
  }
  for (const voter of voters) {
    const source = sourceOf(voter);
    if (!calendar.sources.some((known) => known.url === source.url && known.title === source.title))
      calendar.sources.push(source);
  }
  calendar.days = Object.fromEntries(Object.entries(calendar.days).sort(([a], [b]) => a.localeCompare(b)));
  process.stdout.write(`${slug}: ${added.length} names added${added.length ? `: ${added.join('; ')}` : ''}\n`);
  if (!dryRun) writeFileSync(path, calendarText(calendar));
};

const main = () => {
  const datasets = new Map(loadReferenceDatasets().map((dataset) => [dataset.manifest.id, dataset]));
  for (const [slug, voterIds] of Object.entries(VOTERS)) build(slug, voterIds, datasets, process.argv.includes('--dry-run'));
};

if (require.main === module) main();
