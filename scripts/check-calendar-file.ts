/**
 * Checks one calendar file on its own: `npx tsx scripts/check-calendar-file.ts data/calendars/<slug>.json`.
 * For an author working on a single calendar; `npm run data:check` checks the whole data set.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { CalendarDefinition } from '../lambda/core/calendar/calendar';
import { materializeYear } from '../lambda/core/calendar/materialize';
import { calendarProblems } from './calendar-validation';

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: tsx scripts/check-calendar-file.ts data/calendars/<slug>.json\n');
  process.exit(2);
}
const calendar = JSON.parse(readFileSync(file, 'utf8')) as CalendarDefinition;
const problems = calendarProblems(calendar, basename(file));
if (problems.length > 0) {
  process.stderr.write(`${[...new Set(problems)].slice(0, 50).join('\n')}\n`);
  process.exit(1);
}
const distinct = new Set(Object.values(calendar.days).flatMap((day) => day.names));
process.stdout.write(
  `${calendar.slug}: ${Object.keys(calendar.days).length} day keys, ${distinct.size} distinct names, ` +
    `${calendar.movable.length} movable entries, ${materializeYear(calendar, 2026).length} dated entries in 2026\n`,
);
