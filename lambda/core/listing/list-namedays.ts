// (primary adapter: HTTP handler) --> use case: list name days --> (secondary adapter: fixed day store)
import { slotsBetween, type CalendarCatalog } from '../calendar/catalog';
import { countryName } from '../shared/countries';
import { slotContents, type DayContents } from '../calendar/entry-contents';
import type { ListQuery } from './list-query';
import type { FixedDayRef } from '../calendar/year-plan';

/** Reads the contents of fixed days; one implementation per store. */
export interface FixedDayReader {
  readFixedDays(refs: readonly FixedDayRef[]): Promise<DayContents>;
}

export interface NamedayEntry {
  date: string;
  names: string[];
  feasts: string[];
  country: string;
  countryName: string;
  calendar: string;
  tradition: string | null;
}

export interface NamedayPage {
  namedays: NamedayEntry[];
  pagination: { limit: number; offset: number; total: number };
}

export const calendarId = (slug: string, year: number): string => `${slug}-${year}`;

/**
 * Primary course: plan the year's entries for the filters (pure, cached), count them all, cut the
 * page, then read the contents of only the page's fixed days. Reads do not grow with the offset.
 */
export const listNamedays = async (query: ListQuery, catalog: CalendarCatalog, reader: FixedDayReader): Promise<NamedayPage> => {
  const yearSlots = catalog.slotsOf(query.year, { country: query.country, slug: query.slug });
  const matching = query.range ? slotsBetween(yearSlots, query.range.first, query.range.last) : yearSlots;
  const page = matching.slice(query.offset, query.offset + query.limit);
  const contents = await reader.readFixedDays(page.flatMap((slot) => slot.fixed));

  return {
    namedays: page.map((slot) => ({
      date: slot.date,
      ...slotContents(slot, contents),
      country: slot.calendar.country,
      countryName: countryName(slot.calendar.country),
      calendar: calendarId(slot.calendar.slug, query.year),
      tradition: slot.calendar.tradition,
    })),
    pagination: { limit: query.limit, offset: query.offset, total: matching.length },
  };
};
