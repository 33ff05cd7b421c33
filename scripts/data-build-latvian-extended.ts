/**
 * Builds data/calendars/latvian-extended.json: the State Language Centre's extended name-day list
 * (data/reference/lv-vvc-extended, the publisher's own list, so one source suffices), with each day's
 * traditional names first, in the order of the traditional calendar (latvian-civil), then the other names of
 * the extended list in the list's order. Holidays and movable feasts are the civil calendar's.
 * Usage: `npx tsx scripts/data-build-latvian-extended.ts`; `npm run data:check` then checks the result.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { calendarFileText } from './data-calendar-file';
import { referenceDays } from './data-reference';
import type { CalendarDefinition, DayContent } from '../lambda/core/calendar/calendar';

const DATA = join(__dirname, '..', 'data');
const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(DATA, path), 'utf8')) as T;

const traditional = readJson<CalendarDefinition>('calendars/latvian-civil.json');
const extended = referenceDays('lv-vvc-extended');

const days: Record<string, DayContent> = {};
for (const [key, listed] of Object.entries(extended)) {
  const civil = traditional.days[key];
  const first = civil?.names ?? [];
  const missing = first.filter((name) => !listed.includes(name));
  // The extended list contains the traditional one; a traditional name absent from it is an error to look at.
  if (missing.length > 0) throw new Error(`${key}: ${missing.join(', ')} in the traditional list but not in the extended one`);
  const names = [...first, ...listed.filter((name) => !first.includes(name))];
  if (names.length === 0 && !civil) continue;
  days[key] = { ...civil, names };
}

const calendar: CalendarDefinition = {
  slug: 'latvian-extended',
  country: 'LV',
  calendarName: 'Latvian Extended Name Day Calendar',
  tradition: null,
  languages: ['lv'],
  sources: [
    {
      title:
        'Latviešu tradicionālais un paplašinātais kalendārvārdu saraksts: the extended list (Valsts valodas centrs, Latvian Open Data Portal, CC0)',
      url: 'https://data.gov.lv/dati/lv/dataset/latviesu-tradicionalais-un-paplasinatais-kalendarvardu-saraksts',
    },
    {
      title: 'Valsts valodas centrs: Kalendārvārdu ekspertu komisija (the commission that keeps both lists)',
      url: 'https://www.vvc.gov.lv/lv/kalendarvardu-ekspertu-komisija',
    },
    {
      title:
        'CaptSolo/lv-namedays: src/lv_namedays/data/paplasinatais_saraksts.json (the 2026 extended list converted to JSON, MIT; vendored as data/reference/lv-vvc-extended)',
      url: 'https://github.com/CaptSolo/lv-namedays',
    },
    {
      title:
        'ApinisAtvars/Vardadienas: name_day_data_extended.json (a separate conversion of the 2025 extended list; cross-check only: 4,476 of its 4,483 names on the same day)',
      url: 'https://github.com/ApinisAtvars/Vardadienas',
    },
  ],
  fixedDates: traditional.fixedDates,
  leapDay: traditional.leapDay,
  days,
  movable: traditional.movable,
};

writeFileSync(join(DATA, 'calendars', 'latvian-extended.json'), calendarFileText(calendar));
const distinct = new Set(Object.values(days).flatMap((day) => day.names));
process.stdout.write(`latvian-extended: ${Object.keys(days).length} days, ${distinct.size} distinct names\n`);
