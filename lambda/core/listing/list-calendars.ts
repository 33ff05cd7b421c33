import type { CalendarCatalog } from '../calendar/catalog';
import { countryName } from '../shared/countries';
import { calendarId } from './list-namedays';

export interface CalendarSummary {
  id: string;
  slug: string;
  country: string;
  countryName: string;
  tradition: string | null;
  calendarName: string;
  languages: string[];
}

/** Every published calendar, ordered by country then slug; `id` names the current year's dataset. */
export const listCalendars = (catalog: CalendarCatalog, currentYear: number): { calendars: CalendarSummary[] } => ({
  calendars: catalog.calendars.map((calendar) => ({
    id: calendarId(calendar.slug, currentYear),
    slug: calendar.slug,
    country: calendar.country,
    countryName: countryName(calendar.country),
    tradition: calendar.tradition,
    calendarName: calendar.calendarName,
    languages: calendar.languages,
  })),
});
