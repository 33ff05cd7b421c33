/**
 * `npx tsx scripts/data-depth.ts [--write]`: adds to a calendar every (name, day) that an openly licensed
 * list of the calendar's own country gives and a list of another origin confirms on the same day, with
 * the same name or a form of the same name group (data/names/groups.json): the liturgical calendar's
 * "Basil" on 2 January confirms the Austrian list's "Basilius" there. Two copies of one origin never
 * confirm each other. Names already on a day stay first and in their order, nothing is removed or moved,
 * and a day left to a feast (`gap`) stays so. Without `--write` it only reports what it would add.
 * The datasets: data/reference/; the rule and what it leaves out: data/SOURCES.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CalendarDefinition } from '../lambda/core/calendar/calendar';
import { foldName } from '../lambda/core/names/name-folding';
import type { NameGroup } from '../lambda/core/names/name-groups';
import { NameGroups } from '../lambda/core/names/name-groups';
import { isFeastLabel } from './data-feast-labels';
import { referenceDays } from './data-reference';

const DATA = join(__dirname, '..', 'data');

interface Source {
  /** Directory under data/reference/. */
  dataset: string;
  /** Datasets copied from one origin share this key and never confirm each other. */
  origin: string;
}

interface Plan {
  calendar: string;
  /**
   * Lists of the calendar's own country under a licence the rule admits (MIT, Unlicense, CC0, public
   * domain): the names and their spelling come from these only.
   */
  own: Source[];
  /**
   * Lists that confirm a saint's day, never give a name: other countries' calendars, the liturgical
   * calendar, and copies of the Wikipedia lists (CC BY-SA, not a licence the rule admits for names).
   */
  confirming: Source[];
  /**
   * Lists of a neighbour of the same language and church calendar (the German-language regional calendar
   * of Germany and Austria): a form from them is taken only where an own list has that name or a form of
   * its group on the day, and only a form the country uses (found in its own lists or calendar on some
   * day), so that the neighbour adds the country's forms of a saint it keeps, never a saint of its own.
   */
  sameLanguage: Source[];
}

const ABALIN_AT = { dataset: 'abalin-at', origin: 'abalin' };
const ABALIN_DE = { dataset: 'abalin-de', origin: 'abalin' };
const NAMEDAYS_DE = { dataset: 'namedays-de', origin: 'de.wikipedia' };
const PYNAMEDAY_AT = { dataset: 'pynameday-at', origin: 'austrian-printed-list' };
// The nameday-api Polish and Croatian columns are copies of the Wikipedia lists, not of nameday-api.
const ABALIN_PL = { dataset: 'abalin-pl', origin: 'pl.wikipedia' };
const NAMEDAYS_PL = { dataset: 'namedays-pl', origin: 'pl.wikipedia' };
const ABALIN_HR = { dataset: 'abalin-hr', origin: 'hr.wikipedia' };
/** The liturgical calendar itself: the saints' days as the Church keeps them, names in English. */
const romcal = (country: string) => ({ dataset: `romcal-${country}`, origin: 'roman-missal' });

export const PLANS: Plan[] = [
  {
    calendar: 'german-catholic',
    own: [ABALIN_DE],
    confirming: [romcal('de'), NAMEDAYS_DE, PYNAMEDAY_AT, ABALIN_AT, NAMEDAYS_PL, ABALIN_HR],
    sameLanguage: [PYNAMEDAY_AT, ABALIN_AT],
  },
  {
    calendar: 'austrian-catholic',
    own: [ABALIN_AT, PYNAMEDAY_AT],
    confirming: [romcal('at'), NAMEDAYS_DE, ABALIN_DE, NAMEDAYS_PL, ABALIN_HR],
    sameLanguage: [ABALIN_DE],
  },
  // Every Polish and Croatian list found is a copy of the Wikipedia lists (CC BY-SA): evidence for a
  // saint's day elsewhere, never the source of a name here, so these two calendars take nothing yet.
  { calendar: 'polish-catholic', own: [], confirming: [romcal('pl'), NAMEDAYS_PL, ABALIN_PL], sameLanguage: [] },
  { calendar: 'croatian-catholic', own: [], confirming: [romcal('hr'), ABALIN_HR], sameLanguage: [] },
];

type Days = Record<string, string[]>;

/** The spelling with the most letters outside ASCII: the country's marks over a stripped copy. */
const bestSpelling = (spellings: readonly string[]): string =>
  [...spellings].sort((a, b) => b.replace(/[ -~]/g, '').length - a.replace(/[ -~]/g, '').length)[0] ?? '';

/** What a name stands for when lists are compared: its group, or the name itself without one. */
const meaningOf = (name: string, groups: NameGroups): string => {
  const group = groups.groupOf(name);
  return group ? `group:${group.en}` : `name:${foldName(name)}`;
};

/** Every meaning (name or group) listed on a day, with the origins that list it. */
const originsByMeaning = (sources: readonly LoadedSource[], key: string, groups: NameGroups) => {
  const originsOf = new Map<string, Set<string>>();
  for (const source of sources) {
    for (const name of source.days[key] ?? []) {
      for (const meaning of new Set([`name:${foldName(name)}`, meaningOf(name, groups)])) {
        originsOf.set(meaning, (originsOf.get(meaning) ?? new Set<string>()).add(source.origin));
      }
    }
  }
  return originsOf;
};

type LoadedSource = Source & { days: Days };
const load = (sources: readonly Source[]): LoadedSource[] =>
  sources.map((source) => ({ ...source, days: referenceDays(source.dataset) }));

/** The names to add on each day, own lists first and in their order, spelled as they spell them. */
export const agreedAdditions = (plan: Plan, calendar: CalendarDefinition, groups: NameGroups): Map<string, string[]> => {
  const own = load(plan.own);
  const all = [...own, ...load(plan.confirming)];
  const neighbours = load(plan.sameLanguage);
  const movableNames = new Set(calendar.movable.flatMap((entry) => entry.names ?? []).map(foldName));
  // A neighbour's form must be one the country uses: on some day of an own list or of the calendar.
  const ownForms = new Set(
    [
      ...own.flatMap((source) => Object.values(source.days).flat()),
      ...Object.values(calendar.days).flatMap((day) => day.names),
    ].map(foldName),
  );
  const additions = new Map<string, string[]>();
  for (const key of Object.keys(calendar.days).sort()) {
    // A day the tradition leaves to a feast (a `gap`) stays without names, whatever the lists print.
    if (calendar.days[key]?.gap) continue;
    const present = new Set(calendar.days[key]?.names.map(foldName));
    const byAll = originsByMeaning(all, key, groups);
    const byOwn = originsByMeaning(own, key, groups);
    const spellings = new Map<string, string[]>();
    const consider = (source: LoadedSource, confirming: Map<string, Set<string>>, usedForms?: Set<string>) => {
      for (const name of source.days[key] ?? []) {
        const folded = foldName(name);
        if (present.has(folded) || movableNames.has(folded) || isFeastLabel(name)) continue;
        if (usedForms && !usedForms.has(folded)) continue;
        const confirmedBy = new Set([
          ...(confirming.get(`name:${folded}`) ?? []),
          ...(confirming.get(meaningOf(name, groups)) ?? []),
        ]);
        confirmedBy.delete(source.origin);
        if (confirmedBy.size === 0) continue;
        spellings.set(folded, [...(spellings.get(folded) ?? []), name]);
      }
    };
    for (const source of own) consider(source, byAll);
    for (const source of neighbours) consider(source, byOwn, ownForms);
    if (spellings.size > 0) additions.set(key, [...spellings.values()].map(bestSpelling));
  }
  return additions;
};

const main = () => {
  const write = process.argv.includes('--write');
  const { groups } = JSON.parse(readFileSync(join(DATA, 'names', 'groups.json'), 'utf8')) as { groups: NameGroup[] };
  const nameGroups = new NameGroups(groups);
  for (const plan of PLANS) {
    const path = join(DATA, 'calendars', `${plan.calendar}.json`);
    const text = readFileSync(path, 'utf8');
    const calendar = JSON.parse(text) as CalendarDefinition;
    const additions = agreedAdditions(plan, calendar, nameGroups);
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
