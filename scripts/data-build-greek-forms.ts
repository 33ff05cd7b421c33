/**
 * Deepens the Greek and Cypriot calendars from the two open Greek datasets (data/reference/gr-alexstyl,
 * public domain, and data/reference/gr-el-name-tools, MIT), by two rules:
 * 1. Forms with a name already on the day: an entry of either dataset (a name family with its date) whose
 *    names the calendar already gives that date adds its other forms (Αντώνης and Τόνια with Αντώνιος): the
 *    calendar's references (or rule 2) and the dataset agree on the day, and the dataset gives the forms
 *    celebrated with it.
 * 2. Names both datasets give the same day go in on that day, two independent sources agreeing.
 * Nothing is removed or moved; new names follow the day's names. Usage:
 * `npx tsx scripts/data-build-greek-forms.ts`; `npm run data:check` then checks the result.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CalendarDefinition, DayContent, MovableEntry } from '../lambda/core/calendar/calendar';
import { foldName, scriptOf } from '../lambda/core/names/name-folding';
import { isFullyTransliterated, systemForLanguage } from '../lambda/core/names/transliteration';
import { withEntriesRewritten } from './data-calendar-file';

const DATA = join(__dirname, '..', 'data');
const CALENDARS = ['greek-orthodox', 'cypriot-orthodox'];
const DATASETS = ['gr-alexstyl', 'gr-el-name-tools'];
const reference = <T>(dataset: string, file: string): T =>
  JSON.parse(readFileSync(join(DATA, 'reference', dataset, file), 'utf8')) as T;
const groups = DATASETS.flatMap((dataset) => reference<Array<[string, string[]]>>(dataset, 'groups.json'));
const [first, second] = DATASETS.map((dataset) => reference<Record<string, string[]>>(dataset, 'days.json'));
/** Rule 2: the first dataset's names (in its spelling) that the second also gives that day. */
const agreed: Array<[string, string[]]> = Object.entries(first ?? {}).map(([key, names]) => {
  const theirs = new Set((second?.[key] ?? []).map(foldName));
  return [key, names.filter((name) => theirs.has(foldName(name)))];
});
const system = systemForLanguage('el', 'greek');
const GREEK_LETTERS = /^[\p{Script=Greek}\p{M}]+$/u;
const VOWELS = /[αεηιουω]/gu;
/**
 * Greek letters only (a dataset's "Γερoντιος" hides a Latin o), and the accent every Greek word of two
 * syllables or more carries: the datasets drop it on a capital (Αλκης for Άλκης), and where it goes is not
 * ours to guess, so such a form stays out until written right.
 */
const wellFormed = (name: string) => {
  if (!GREEK_LETTERS.test(name) || scriptOf(name) !== 'greek' || !isFullyTransliterated(name, system)) return false;
  const bare = name.normalize('NFD');
  const syllables = (bare.toLowerCase().replace(/\p{M}/gu, '').match(VOWELS) ?? []).length;
  return syllables < 2 || /[\u0301\u0341]/u.test(bare);
};

for (const slug of CALENDARS) {
  const path = join(DATA, 'calendars', `${slug}.json`);
  const text = readFileSync(path, 'utf8');
  const calendar = JSON.parse(text) as CalendarDefinition;
  // A saint's day kept movable (Saint George, moved out of Lent) is the same day for this purpose as its date.
  const targetsOn = (key: string): Array<DayContent | MovableEntry> => [
    ...(calendar.days[key] ? [calendar.days[key]] : []),
    ...calendar.movable.filter(
      (entry) => 'date' in entry.rule && entry.rule.kind === 'fixed-unless-easter' && entry.rule.date === key,
    ),
  ];
  const changedDays = new Set<string>();
  const changedMovable = new Set<MovableEntry>();
  let added = 0;
  const add = (key: string, names: readonly string[], target: DayContent | MovableEntry) => {
    // A form already on the date (in the day or in its movable entry) is not added twice.
    const present = new Set(targetsOn(key).flatMap((entry) => (entry.names ?? []).map(foldName)));
    for (const name of names) {
      if (!wellFormed(name) || present.has(foldName(name))) continue;
      target.names = [...(target.names ?? []), name];
      present.add(foldName(name));
      added += 1;
      if ('id' in target) changedMovable.add(target);
      else changedDays.add(key);
    }
  };
  // Rule 2 first: the names two sources give a day.
  for (const [key, names] of agreed) {
    if (!names.some(wellFormed)) continue;
    const target = targetsOn(key)[0] ?? (calendar.days[key] = { names: [] });
    add(key, names, target);
  }
  // Rule 1 until nothing changes: an entry whose names meet the day's brings its forms, and a form it brought
  // may meet another entry of the same date. The result is a fixed point, so running the build again adds nothing.
  for (let before = -1; before !== added;) {
    before = added;
    for (const [key, names] of groups) {
      const folded = new Set(names.map(foldName));
      const target = targetsOn(key).find((entry) => (entry.names ?? []).some((name) => folded.has(foldName(name))));
      if (target) add(key, names, target);
    }
  }
  const days = Object.fromEntries([...changedDays].map((key) => [key, calendar.days[key]]));
  writeFileSync(path, withEntriesRewritten(text, days, [...changedMovable]));
  const distinct = new Set([...Object.values(calendar.days), ...calendar.movable].flatMap((entry) => entry.names ?? []));
  process.stdout.write(
    `${slug}: ${added} forms added on ${changedDays.size + changedMovable.size} days; ${distinct.size} distinct names\n`,
  );
}
