/**
 * Adds to the Greek and Cypriot calendars the forms of a name that the open Greek dataset
 * (data/reference/gr-alexstyl, public domain) lists with it, on a day where the calendar already names it:
 * the calendar's references and the dataset then agree on the day, and the dataset gives the everyday,
 * short and feminine forms celebrated with it (Αντώνης and Τόνια with Αντώνιος). A dataset entry whose names
 * the calendar has on no day of its date adds nothing. Nothing is removed or moved; new forms follow the
 * day's names. Usage: `npx tsx scripts/data-build-greek-forms.ts`; `npm run data:check` then checks the result.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CalendarDefinition, DayContent, MovableEntry } from '../lambda/core/calendar/calendar';
import { foldName, scriptOf } from '../lambda/core/names/name-folding';
import { isFullyTransliterated, systemForLanguage } from '../lambda/core/names/transliteration';
import { withEntriesRewritten } from './data-calendar-file';

const DATA = join(__dirname, '..', 'data');
const CALENDARS = ['greek-orthodox', 'cypriot-orthodox'];
const groups = JSON.parse(readFileSync(join(DATA, 'reference', 'gr-alexstyl', 'groups.json'), 'utf8')) as Array<
  [string, string[]]
>;
const system = systemForLanguage('el', 'greek');
const wellFormed = (name: string) => scriptOf(name) === 'greek' && isFullyTransliterated(name, system);

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
  for (const [key, names] of groups) {
    const folded = new Set(names.map(foldName));
    const target = targetsOn(key).find((entry) => (entry.names ?? []).some((name) => folded.has(foldName(name))));
    if (!target) continue;
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
  }
  const days = Object.fromEntries([...changedDays].map((key) => [key, calendar.days[key]]));
  writeFileSync(path, withEntriesRewritten(text, days, [...changedMovable]));
  const distinct = new Set([...Object.values(calendar.days), ...calendar.movable].flatMap((entry) => entry.names ?? []));
  process.stdout.write(
    `${slug}: ${added} forms added on ${changedDays.size + changedMovable.size} days; ${distinct.size} distinct names\n`,
  );
}
