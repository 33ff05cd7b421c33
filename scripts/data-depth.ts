/**
 * `npx tsx scripts/data-depth.ts [--write]`: adds to a calendar every (name, day) on which two reference
 * datasets of different origins agree (data/reference/, see data/SOURCES.md), at least one of them a
 * list of the calendar's own country. Two copies of one origin (two scrapes of the same Wikipedia list)
 * count once. Names already on the day stay first and in their order; nothing is removed or moved.
 * Without `--write` it only reports what it would add.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CalendarDefinition } from '../lambda/core/calendar/calendar';
import { foldName } from '../lambda/core/names/name-folding';
import { isFeastLabel } from './data-feast-labels';

const DATA = join(__dirname, '..', 'data');

interface Source {
  /** Directory under data/reference/. */
  dataset: string;
  /** Datasets copied from one origin share this key and never confirm each other. */
  origin: string;
}

interface Plan {
  calendar: string;
  /** Lists of the calendar's own country. */
  own: Source[];
  /** Lists of a neighbour sharing the calendar (the German-language regional calendar): confirm only. */
  neighbours: Source[];
}

const NAMEDAY_API_AT = { dataset: 'nameday-api-at', origin: 'nameday-api' };
const NAMEDAY_API_DE = { dataset: 'nameday-api-de', origin: 'nameday-api' };
const NAMEDAYS_DE = { dataset: 'namedays-de', origin: 'de.wikipedia' };
const PYNAMEDAY_AT = { dataset: 'pynameday-at', origin: 'austrian-printed-list' };

const PLANS: Plan[] = [
  { calendar: 'german-catholic', own: [NAMEDAY_API_DE, NAMEDAYS_DE], neighbours: [PYNAMEDAY_AT, NAMEDAY_API_AT] },
  { calendar: 'austrian-catholic', own: [NAMEDAY_API_AT, PYNAMEDAY_AT], neighbours: [NAMEDAYS_DE, NAMEDAY_API_DE] },
  // Both Polish datasets are copies of the Polish Wikipedia lists, the Croatian one of the Croatian
  // Wikipedia list: one origin each, so nothing is added on their word (data/SOURCES.md).
  {
    calendar: 'polish-catholic',
    own: [
      { dataset: 'nameday-api-pl', origin: 'pl.wikipedia' },
      { dataset: 'namedays-pl', origin: 'pl.wikipedia' },
    ],
    neighbours: [],
  },
  { calendar: 'croatian-catholic', own: [{ dataset: 'nameday-api-hr', origin: 'hr.wikipedia' }], neighbours: [] },
];

type Days = Record<string, string[]>;
const readDays = (dataset: string): Days =>
  JSON.parse(readFileSync(join(DATA, 'reference', dataset, 'days.json'), 'utf8')) as Days;

/** The spelling with the most letters outside ASCII: the country's marks over a stripped copy. */
const bestSpelling = (spellings: readonly string[]): string =>
  [...spellings].sort((a, b) => b.replace(/[ -~]/g, '').length - a.replace(/[ -~]/g, '').length)[0] ?? '';

/** The names to add on each day: agreed by two origins, one of them the country's own, in own-list order. */
export const agreedAdditions = (plan: Plan, calendar: CalendarDefinition): Map<string, string[]> => {
  const sources = [...plan.own, ...plan.neighbours].map((source) => ({ ...source, days: readDays(source.dataset) }));
  const movableNames = new Set(calendar.movable.flatMap((entry) => entry.names ?? []).map(foldName));
  const additions = new Map<string, string[]>();
  for (const key of Object.keys(calendar.days).sort()) {
    // A day the tradition leaves to a feast (a `gap`) stays without names, whatever the lists print.
    if (calendar.days[key]?.gap) continue;
    const present = new Set(calendar.days[key]?.names.map(foldName));
    const candidates = new Map<string, { spellings: string[]; origins: Set<string>; own: boolean }>();
    for (const source of sources) {
      const own = plan.own.some((item) => item.dataset === source.dataset);
      for (const name of source.days[key] ?? []) {
        const folded = foldName(name);
        const candidate = candidates.get(folded) ?? { spellings: [], origins: new Set<string>(), own: false };
        if (own) candidate.spellings.push(name);
        candidate.origins.add(source.origin);
        candidate.own ||= own;
        candidates.set(folded, candidate);
      }
    }
    const added = [...candidates.entries()]
      .filter(([folded, candidate]) => candidate.own && candidate.origins.size >= 2 && !present.has(folded))
      .filter(([folded, candidate]) => !movableNames.has(folded) && !isFeastLabel(candidate.spellings[0] ?? ''))
      .map(([, candidate]) => bestSpelling(candidate.spellings));
    if (added.length > 0) additions.set(key, added);
  }
  return additions;
};

const main = () => {
  const write = process.argv.includes('--write');
  for (const plan of PLANS) {
    const path = join(DATA, 'calendars', `${plan.calendar}.json`);
    const text = readFileSync(path, 'utf8');
    const calendar = JSON.parse(text) as CalendarDefinition;
    const additions = agreedAdditions(plan, calendar);
    let count = 0;
    for (const [key, names] of additions) {
      const day = calendar.days[key];
      if (!day) continue;
      day.names = [...day.names, ...names];
      count += names.length;
    }
    process.stdout.write(`${plan.calendar}: ${count} names added on ${additions.size} days\n`);
    if (write && count > 0) writeFileSync(path, formatCalendar(text, calendar));
  }
};

/** A day on one line, spaced as the calendar files are written by hand. */
const inline = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(inline).join(', ')}]`
    : typeof value === 'object' && value !== null
      ? `{${Object.entries(value)
          .map(([key, item]) => `${JSON.stringify(key)}: ${inline(item)}`)
          .join(', ')}}`
      : JSON.stringify(value);

/** Rewrites only the `days` block, one day a line, and keeps the rest of the file as it was. */
const formatCalendar = (original: string, calendar: CalendarDefinition): string => {
  const start = original.indexOf('"days": {');
  const end = original.indexOf('\n  },', start);
  const lines = Object.entries(calendar.days).map(([key, day]) => `    ${JSON.stringify(key)}: ${inline(day)}`);
  return `${original.slice(0, start)}"days": {\n${lines.join(',\n')}${original.slice(end)}`;
};

if (require.main === module) main();
