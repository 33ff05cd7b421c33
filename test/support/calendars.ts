import { loadServiceData } from '../../lambda/adapters/data-files/service-data';
import type { CalendarDefinition } from '../../lambda/core/calendar/calendar';
import { materializeYear } from '../../lambda/core/calendar/materialize';
import { NameGroups } from '../../lambda/core/names/name-groups';

const { definitions, groups } = loadServiceData();

/** The groups of equivalent names in data/names/groups.json. */
export const realNameGroups = new NameGroups(groups);

export const realCalendars: readonly CalendarDefinition[] = definitions;

export const realCalendar = (slug: string): CalendarDefinition => {
  const found = definitions.find((definition) => definition.slug === slug);
  if (!found) throw new Error(`No calendar ${slug} in data/calendars`);
  return found;
};

/** A real calendar's entries on one civil date, from that year's dataset. */
export const entriesOn = (slug: string, date: string) =>
  materializeYear(realCalendar(slug), Number(date.slice(0, 4))).filter((entry) => entry.date === date);

/** How many civil dates of a year a real calendar names someone on. */
export const daysWithNames = (slug: string, year: number): number =>
  new Set(
    materializeYear(realCalendar(slug), year)
      .filter((entry) => entry.names.length > 0)
      .map((entry) => entry.date),
  ).size;

/** Every name a real calendar gives a civil date. */
export const namesOn = (slug: string, date: string): string[] => entriesOn(slug, date).flatMap((entry) => entry.names);

/** A small calendar for rules the real data cannot isolate. */
export const syntheticCalendar = (overrides: Partial<CalendarDefinition>): CalendarDefinition => ({
  slug: 'test-calendar',
  country: 'RU',
  calendarName: 'Test Calendar',
  tradition: 'Orthodox',
  languages: ['ru'],
  sources: [],
  fixedDates: [{ reckoning: 'gregorian' }],
  leapDay: { rule: 'own-day' },
  days: {},
  movable: [],
  ...overrides,
});
