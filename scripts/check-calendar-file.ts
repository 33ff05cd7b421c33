/**
 * Checks one calendar file on its own: `npx tsx scripts/check-calendar-file.ts data/calendars/<slug>.json`.
 * Prints what is wrong and exits 1, or prints a summary. For authors of a single calendar; the whole
 * data set is checked by the test suite.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { CalendarDefinition } from '../lambda/core/calendar';
import { isSupportedCountry } from '../lambda/core/countries';
import { materializeYear } from '../lambda/core/materialize';

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: tsx scripts/check-calendar-file.ts data/calendars/<slug>.json\n');
  process.exit(2);
}
const problems: string[] = [];
const calendar = JSON.parse(readFileSync(file, 'utf8')) as CalendarDefinition;
const expect = (ok: boolean, message: string) => ok || problems.push(message);

expect(/^[a-z]+(-[a-z]+)*$/.test(calendar.slug), `slug must be lower-case words joined by "-": ${calendar.slug}`);
expect(basename(file) === `${calendar.slug}.json`, 'file name must be <slug>.json');
expect(isSupportedCountry(calendar.country), `unsupported country ${calendar.country}`);
expect(typeof calendar.calendarName === 'string' && calendar.calendarName.length > 0, 'calendarName missing');
expect([null, 'Catholic', 'Orthodox', 'Lutheran', 'Protestant'].includes(calendar.tradition), 'bad tradition');
expect(Array.isArray(calendar.languages) && calendar.languages.length > 0, 'languages missing');
expect(Array.isArray(calendar.sources) && calendar.sources.length > 0, 'sources missing');
expect(Array.isArray(calendar.fixedDates) && calendar.fixedDates.length > 0, 'fixedDates missing');
for (const [key, day] of Object.entries(calendar.days ?? {})) {
  const match = /^(\d{2})-(\d{2})$/.exec(key);
  const [month, dayOfMonth] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  const monthLength = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  expect(!!match && dayOfMonth >= 1 && dayOfMonth <= monthLength, `bad day key ${key}`);
  expect(Array.isArray(day.names), `${key}: names must be an array`);
  expect(new Set(day.names).size === day.names.length, `${key}: a name twice`);
  expect(day.names.every((name) => typeof name === 'string' && name.trim() === name && name.length > 0), `${key}: empty or padded name`);
  expect(day.names.length > 0 || (day.feasts ?? []).length > 0 || !!day.gap, `${key}: no names, feasts or gap`);
}
const ids = (calendar.movable ?? []).map((entry) => entry.id);
expect(new Set(ids).size === ids.length, 'movable ids must be unique');

if (problems.length === 0) {
  let entries = 0;
  for (let year = 1900; year <= 2100; year += 1) {
    const dated = materializeYear(calendar, year);
    entries += dated.length;
    for (const entry of dated) {
      if (new Set(entry.names).size !== entry.names.length) problems.push(`${entry.date}: a name twice once movable entries join`);
    }
  }
  const distinct = new Set(Object.values(calendar.days).flatMap((day) => day.names));
  const year2026 = materializeYear(calendar, 2026);
  process.stdout.write(
    `${calendar.slug}: ${Object.keys(calendar.days).length} day keys, ${distinct.size} distinct names, ` +
      `${calendar.movable.length} movable entries, ${year2026.length} dated entries in 2026, ${entries} over 1900-2100\n`,
  );
}
if (problems.length > 0) {
  process.stderr.write(`${[...new Set(problems)].slice(0, 50).join('\n')}\n`);
  process.exit(1);
}
