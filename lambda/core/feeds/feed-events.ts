// (feed routes) --> use case: the events of a subscription --> (fixed days, name index)
import type { CalendarCatalog } from '../calendar/catalog';
import { listNamedays, type FixedDayReader } from '../listing/list-namedays';
import { parseListQuery } from '../listing/list-query';
import { searchNames, type NameIndexReader } from '../names/search-names';
import { parseSearchQuery } from '../names/search-query';
import { ValidationError } from '../shared/errors';
import { singleParam, type QueryParams } from '../shared/query-params';
import { civilDayIn, parseTimeZone } from '../shared/time-zone';
import type { DayEvent } from './icalendar';
import { entryEvent, resultEvent } from './name-day-events';
import { peopleEvents } from './people';
import type { Subscription } from './subscription';

export interface FeedSources {
  catalog: CalendarCatalog;
  fixedDays: FixedDayReader;
  /** Only where the process has the name index (the search function). */
  nameIndex?: NameIndexReader;
}

/** A feed covers the current year (in its zone, UTC by default) and the next. */
export const feedYears = (subscription: Subscription, now: Date): [number, number] => {
  const timeZone = subscription.kind === 'people' ? 'UTC' : (subscription.tz ?? 'UTC');
  const year = civilDayIn(now, timeZone).year;
  return [year, year + 1];
};

const calendarNameOf = (catalog: CalendarCatalog, calendarId: string): string =>
  catalog.find(calendarId.replace(/-\d{4}$/, ''))?.calendarName ?? calendarId;

/** Every event a subscription shows in its two years. */
export const subscriptionEvents = async (subscription: Subscription, sources: FeedSources, now: Date): Promise<DayEvent[]> => {
  const years = feedYears(subscription, now);
  const { catalog } = sources;
  switch (subscription.kind) {
    case 'listing': {
      const timeZone = subscription.tz ?? 'UTC';
      const pages = await Promise.all(
        years.map((year) =>
          listNamedays(
            {
              year,
              ...(subscription.country && { country: subscription.country }),
              ...(subscription.calendarId && { slug: subscription.calendarId }),
              limit: Number.MAX_SAFE_INTEGER,
              offset: 0,
              timeZone,
              dependsOnNow: true,
            },
            catalog,
            sources.fixedDays,
          ),
        ),
      );
      return pages.flatMap((page) => page.namedays.map((entry) => entryEvent(entry, calendarNameOf(catalog, entry.calendar))));
    }
    case 'search': {
      if (!sources.nameIndex) throw new Error('A search feed needs the name index');
      const index = sources.nameIndex;
      const query = parseSearchQuery({ q: [subscription.q] }, now);
      const answers = await Promise.all(years.map((year) => searchNames({ ...query, year }, catalog, index)));
      return answers.flatMap((answer) => answer.results.map(resultEvent));
    }
    case 'people':
      return peopleEvents(subscription.people, subscription.reminder, years, catalog, sources.fixedDays);
  }
};

/**
 * A feed made before feeds were subscriptions becomes one on its first use: the query of that first
 * URL, checked as the API checks it (a bad one is the listing's or search's 400, and nothing is kept).
 */
export const subscriptionFromFirstUse = (
  file: 'namedays.ics' | 'search.ics',
  params: QueryParams,
  catalog: CalendarCatalog,
  now: Date,
): Subscription => {
  const tz = singleParam(params, 'tz');
  if (tz !== undefined) parseTimeZone(params);
  if (file === 'search.ics') {
    const q = singleParam(params, 'q')?.trim();
    if (!q || !parseSearchQuery({ q: [q] }, now).folded) throw new ValidationError('A search feed needs q: 2 to 100 characters');
    return { kind: 'search', q, ...(tz !== undefined && { tz }) };
  }
  const country = singleParam(params, 'country');
  const calendarId = singleParam(params, 'calendar_id');
  const query = parseListQuery(
    {
      ...(country !== undefined && { country: [country] }),
      ...(calendarId !== undefined && { calendar_id: [calendarId] }),
      ...(tz !== undefined && { tz: [tz] }),
    },
    catalog,
    now,
  );
  return {
    kind: 'listing',
    ...(query.country && { country: query.country }),
    ...(query.slug && { calendarId: query.slug }),
    ...(tz !== undefined && { tz }),
  };
};
