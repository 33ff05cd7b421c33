/**
 * `npx tsx scripts/data-depth.ts [--write]`: adds to a calendar every (name, day) that an openly licensed
 * list of the calendar's own country gives and a list of another origin confirms on the same day, with
 * the same name or a form of the same name group (data/names/groups.json): the liturgical calendar's
 * "Basil" on 2 January confirms the Austrian list's "Basilius" there. Two copies of one origin never
 * confirm each other. Names already on a day stay first and in their order, nothing is removed or moved,
 * and a day left to a feast (`gap`) stays so. Where a plan names lists that date saints by group
 * (`byGroup`), a confirming list's name is taken on a day they name its saint, in a form the country's own
 * lists write.
 * Without `--write` it only reports what it would add.
 * It then runs the publishers' one-source rule (scripts/data-depth-publisher.ts) on the calendars it names.
 * The datasets: data/reference/; the rule and what it leaves out: data/SOURCES.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CalendarDefinition } from '../lambda/core/calendar/calendar';
import { foldName } from '../lambda/core/names/name-folding';
import type { NameGroup } from '../lambda/core/names/name-groups';
import { NameGroups } from '../lambda/core/names/name-groups';
import { PUBLISHER_PLANS, publisherAdditions } from './data-depth-publisher';
import { isFeastLabel } from './data-feast-labels';
import { nameFormProblem } from './name-form-problems';
import { referenceDays, referenceManifest } from './data-reference';

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
   * domain): the names come from these only; a confirming list may only add the marks of a name's spelling.
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
  /**
   * Lists that date a saint in another language or in a Latin form the country does not write (the Polish
   * Martyrology's Gregoriusz for Grzegorz): they give the saint's day by the name's group, and the name is
   * taken in the form a confirming list of this calendar and of another origin writes that day, only a
   * form the country uses (found in its own lists or calendar on some day). So the day comes from this
   * list and a confirming one, the spelling from the country's own lists; the confirming list only
   * chooses among them.
   */
  byGroup?: Source[];
}

const ABALIN_AT = { dataset: 'abalin-at', origin: 'abalin' };
const ABALIN_DE = { dataset: 'abalin-de', origin: 'abalin' };
const NAMEDAYS_DE = { dataset: 'namedays-de', origin: 'de.wikipedia' };
const PYNAMEDAY_AT = { dataset: 'pynameday-at', origin: 'austrian-printed-list' };
// The nameday-api Polish and Croatian columns are copies of the Wikipedia lists, not of nameday-api.
const ABALIN_PL = { dataset: 'abalin-pl', origin: 'pl.wikipedia' };
const NAMEDAYS_PL = { dataset: 'namedays-pl', origin: 'pl.wikipedia' };
const ABALIN_HR = { dataset: 'abalin-hr', origin: 'hr.wikipedia' };
// Two lists of the Polish popular wall calendars, made apart but from one tradition: one origin.
const PANPEPSON_PL = { dataset: 'panpepson-imieniny', origin: 'polish-popular-calendar' };
const MX_PL = { dataset: 'mx-imieniny', origin: 'polish-popular-calendar' };
// France: FreeBSD's « Fêtes à souhaiter » and a list curated from Nominis (the French bishops' site)
// give names; the web « fêtes à souhaiter » lists (GPL and Perl's licence, one origin) only confirm.
const FREEBSD_FR = { dataset: 'freebsd-fetes-fr', origin: 'freebsd-fetes' };
const WADOHS_FR = { dataset: 'wadohs-ephemeride-fr', origin: 'nominis' };
const ABALIN_FR = { dataset: 'abalin-fr', origin: 'abalin' };
const JEEDOM_FR = { dataset: 'jeedom-namesoftheday-fr', origin: 'web-fetes-a-souhaiter' };
const PERL_FR = { dataset: 'datetime-event-nameday-fr', origin: 'web-fetes-a-souhaiter' };
// The Roman Martyrology before 1962 (public domain) in translations of one Latin text: one origin.
const MARTYROLOGY_IT = { dataset: 'do-martyrology-it', origin: 'roman-martyrology' };
const MARTYROLOGY_ES = { dataset: 'do-martyrology-es', origin: 'roman-martyrology' };
const MARTYROLOGY_PL = { dataset: 'do-martyrology-pl', origin: 'roman-martyrology' };
// Much of the French translation keeps Latin or English forms (Almachius, Cyril): it confirms, never gives.
const MARTYROLOGY_FR = { dataset: 'do-martyrology-fr', origin: 'roman-martyrology' };
// The English translation keeps many saints' Latin names (Agritius, Paulinus), as the German lists do.
const MARTYROLOGY_EN = { dataset: 'do-martyrology-en', origin: 'roman-martyrology' };
/** Every translation, for a calendar of another language: they confirm a saint by a form of its name group. */
const MARTYROLOGY = [MARTYROLOGY_IT, MARTYROLOGY_ES, MARTYROLOGY_FR, MARTYROLOGY_PL, MARTYROLOGY_EN];
const ABALIN_IT = { dataset: 'abalin-it', origin: 'abalin' };
const ABALIN_ES = { dataset: 'abalin-es', origin: 'abalin' };
// Russia: a menologion database (MIT) and two pre-1917 church books parsed by one curator (MIT, text in
// the public domain), in the church forms of the names (Иоанн, Татиана). Keys are the Julian church days.
const BUKOVINA_RU = { dataset: 'bukovina-ru', origin: 'bukovina' };
const BUKOVINA_RU_ALL = { dataset: 'bukovina-ru-all', origin: 'bukovina' };
const LIVES_RU = { dataset: 'mountskete-lives-ru', origin: 'mount-skete' };
const TYPIKON_RU = { dataset: 'mountskete-typikon-ru', origin: 'mount-skete' };
/** The liturgical calendar itself: the saints' days as the Church keeps them, names in English. */
const romcal = (country: string) => ({ dataset: `romcal-${country}`, origin: 'roman-missal' });

export const PLANS: Plan[] = [
  {
    calendar: 'german-catholic',
    own: [ABALIN_DE],
    confirming: [romcal('de'), NAMEDAYS_DE, PYNAMEDAY_AT, ABALIN_AT, NAMEDAYS_PL, ABALIN_HR, ...MARTYROLOGY],
    sameLanguage: [PYNAMEDAY_AT, ABALIN_AT],
  },
  {
    calendar: 'austrian-catholic',
    own: [ABALIN_AT, PYNAMEDAY_AT],
    confirming: [romcal('at'), NAMEDAYS_DE, ABALIN_DE, NAMEDAYS_PL, ABALIN_HR, ...MARTYROLOGY],
    sameLanguage: [ABALIN_DE],
  },
  {
    calendar: 'polish-catholic',
    own: [PANPEPSON_PL, MX_PL, MARTYROLOGY_PL],
    confirming: [romcal('pl'), NAMEDAYS_PL, ABALIN_PL, MARTYROLOGY_IT, MARTYROLOGY_ES],
    sameLanguage: [],
    // The Polish translation keeps many saints' Latin forms; the French one is partly machine-made.
    byGroup: [MARTYROLOGY_PL, MARTYROLOGY_IT, MARTYROLOGY_ES, MARTYROLOGY_EN],
  },
  {
    calendar: 'french-catholic',
    own: [FREEBSD_FR, WADOHS_FR],
    confirming: [ABALIN_FR, romcal('fr'), JEEDOM_FR, PERL_FR, MARTYROLOGY_FR, MARTYROLOGY_IT, MARTYROLOGY_ES],
    sameLanguage: [],
  },
  // Every Croatian list found is a copy of the Wikipedia list (CC BY-SA): evidence for a saint's day
  // elsewhere, never the source of a name here, so this calendar takes nothing yet.
  { calendar: 'croatian-catholic', own: [], confirming: [romcal('hr'), ABALIN_HR], sameLanguage: [] },
  // Two own origins, each the other's confirmation; Bukovina's untagged days hold Greek and Western saints,
  // which the Russian church books never confirm.
  {
    calendar: 'russian-orthodox',
    own: [BUKOVINA_RU, BUKOVINA_RU_ALL, LIVES_RU, TYPIKON_RU],
    confirming: [],
    sameLanguage: [],
  },
  // The Martyrology gives the day of a name the calendar already dates only where a calendar confirms it.
  { calendar: 'italian-catholic', own: [MARTYROLOGY_IT], confirming: [ABALIN_IT, romcal('it')], sameLanguage: [] },
  { calendar: 'spanish-catholic', own: [MARTYROLOGY_ES], confirming: [ABALIN_ES, romcal('es')], sameLanguage: [] },
];

/** Every dataset a plan reads, once each. */
export const datasetsRead = (plan: Plan): string[] => [
  ...new Set([...plan.own, ...plan.confirming, ...plan.sameLanguage, ...(plan.byGroup ?? [])].map((source) => source.dataset)),
];

type Days = Record<string, string[]>;

/** The spelling with the most letters outside ASCII: the country's marks over a stripped copy. */
const bestSpelling = (spellings: readonly string[]): string =>
  [...spellings].sort((a, b) => b.replace(/[ -~]/g, '').length - a.replace(/[ -~]/g, '').length)[0] ?? '';

const withoutAccents = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '');

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
  const confirming = load(plan.confirming);
  const all = [...own, ...confirming];
  const neighbours = load(plan.sameLanguage);
  const groupDaters = load(plan.byGroup ?? []);
  const sameCalendar = all.filter((source) => referenceManifest(source.dataset).calendars.includes(plan.calendar));
  const movableNames = new Set(calendar.movable.flatMap((entry) => entry.names ?? []).map(foldName));
  // A neighbour's form, or one taken by its group, must be one the country uses: on some day of an own
  // list or of the calendar.
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
        if (present.has(folded) || movableNames.has(folded) || isFeastLabel(name) || nameFormProblem(name)) continue;
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
    if (groupDaters.length > 0) {
      const byGroupDater = originsByMeaning(groupDaters, key, groups);
      for (const source of confirming.filter((list) => sameCalendar.includes(list))) consider(source, byGroupDater, ownForms);
    }
    // A confirming list of the same calendar may write the same name with the accents an own list left off
    // (Emilienne, Émilienne), but never other letters (Lucjan stays Lucjan where a copy writes Łucjan), and a
    // list of another language never spells a name here (Simeon stays Simeon beside the Spanish Simeón).
    for (const name of sameCalendar.flatMap((source) => source.days[key] ?? [])) {
      const own = spellings.get(foldName(name));
      if (own?.some((spelling) => withoutAccents(spelling) === withoutAccents(name))) own.push(name);
    }
    if (spellings.size > 0) additions.set(key, [...spellings.values()].map(bestSpelling));
  }
  return additions;
};

/** Each build in turn, so that one calendar's names from its publisher and from agreeing lists combine. */
const BUILDS: Array<{
  calendar: string;
  additions: (calendar: CalendarDefinition, groups: NameGroups) => Map<string, string[]>;
}> = [
  ...PLANS.map((plan) => ({ calendar: plan.calendar, additions: agreedAdditions.bind(null, plan) })),
  ...PUBLISHER_PLANS.map((plan) => ({ calendar: plan.calendar, additions: publisherAdditions.bind(null, plan) })),
];

const main = () => {
  const write = process.argv.includes('--write');
  const { groups } = JSON.parse(readFileSync(join(DATA, 'names', 'groups.json'), 'utf8')) as { groups: NameGroup[] };
  const nameGroups = new NameGroups(groups);
  for (const build of BUILDS) {
    const path = join(DATA, 'calendars', `${build.calendar}.json`);
    const text = readFileSync(path, 'utf8');
    const calendar = JSON.parse(text) as CalendarDefinition;
    const additions = build.additions(calendar, nameGroups);
    let count = 0;
    for (const [key, names] of additions) {
      // The publisher may name a day the calendar has no entry for yet.
      const day = (calendar.days[key] ??= { names: [] });
      day.names = [...day.names, ...names];
      count += names.length;
    }
    calendar.days = Object.fromEntries(Object.entries(calendar.days).sort(([a], [b]) => a.localeCompare(b)));
    process.stdout.write(`${build.calendar}: ${count} names added on ${additions.size} days\n`);
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
