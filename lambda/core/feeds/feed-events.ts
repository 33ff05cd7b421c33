// (primary adapter: feed routes) --> use cases: a name day feed, a search feed --> (fixed days, name index)
import type { CalendarCatalog } from '../calendar/catalog';
import { listNamedays, type FixedDayReader } from '../listing/list-namedays';
import { parseListQuery } from '../listing/list-query';
import { searchNames, type NameIndexReader } from '../names/search-names';
import { parseSearchQuery } from '../names/search-query';
import type { QueryParams } from '../shared/query-params';
import { civilDayIn, parseTimeZone } from '../shared/time-zone';
import type { DayEvent } from './icalendar';
import { entryEvent, resultEvent } from './name-day-events';

/** A feed covers the current year (in `tz`) and the next, whatever dates or pages the URL names. */
const feedYears = (params: QueryParams, now: Date): [number, number] => {
  const year = civilDayIn(now, parseTimeZone(params)).year;
  return [year, year + 1];
};

const without = (params: QueryParams, names: readonly string[]): QueryParams =>
  Object.fromEntries(Object.entries(params).filter(([name]) => !names.includes(name)));

/** Every entry of the listing's filters (country, calendar_id) in the feed's two years. */
export const namedaysFeedEvents = async (
  params: QueryParams,
  catalog: CalendarCatalog,
  reader: FixedDayReader,
  now: Date,
): Promise<DayEvent[]> => {
  const query = parseListQuery(without(params, ['date', 'month', 'limit', 'offset']), catalog, now);
  const pages = await Promise.all(
    feedYears(params, now).map((year) =>
      listNamedays({ ...query, year, limit: Number.MAX_SAFE_INTEGER, offset: 0 }, catalog, reader),
    ),
  );
  return pages.flatMap((page) => page.namedays.map(entryEvent));
};

/** Every date a searched name is celebrated on in the feed's two years. */
export const searchFeedEvents = async (
  params: QueryParams,
  catalog: CalendarCatalog,
  index: NameIndexReader,
  now: Date,
): Promise<DayEvent[]> => {
  const query = parseSearchQuery(without(params, ['year']), now);
  const answers = await Promise.all(feedYears(params, now).map((year) => searchNames({ ...query, year }, catalog, index)));
  return answers.flatMap((answer) => answer.results.map(resultEvent));
};
