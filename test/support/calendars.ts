import { loadServiceData } from '../../lambda/adapters/data-files/service-data';
import type { CalendarDefinition } from '../../lambda/core/calendar/calendar';

const { definitions } = loadServiceData();

export const realCalendars: readonly CalendarDefinition[] = definitions;

export const realCalendar = (slug: string): CalendarDefinition => {
  const found = definitions.find((definition) => definition.slug === slug);
  if (!found) throw new Error(`No calendar ${slug} in data/calendars`);
  return found;
};

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
