import type { CalendarCatalog } from '../calendar/catalog';
import type { QueryParameterOf } from '../../contract';
import { daysInGregorianMonth, gregorianToJdn } from '../calendar/civil-date';
import { isSupportedCountry } from '../shared/countries';
import { ValidationError } from '../shared/errors';
import { assertYearInRange, echo, singleParam, type QueryParams } from '../shared/query-params';
import { civilDayIn, parseTimeZone, resolveRelativeDate } from '../shared/time-zone';

export interface ListQuery {
  year: number;
  /** Inclusive JDN bounds of `date` or `month`; absent for the whole year. */
  range?: { first: number; last: number };
  country?: string;
  slug?: string;
  limit: number;
  offset: number;
  /** The zone "today" and the current year were read in. */
  timeZone: string;
  /** The answer names a day relative to now or the current year: it changes at the zone's midnight. */
  dependsOnNow: boolean;
}

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 365;

/** Read in this order; each is a query parameter the route table gives the listing (tz is read with the zone). */
const LISTING_PARAMS = [
  'country',
  'date',
  'month',
  'calendar_id',
  'limit',
  'offset',
] as const satisfies readonly QueryParameterOf<'listNamedays'>[];

const parseDate = (value: string): { year: number; first: number; last: number } => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  if (!match || month < 1 || month > 12 || day < 1 || day > daysInGregorianMonth(year, month)) {
    throw new ValidationError('Invalid date format. Use YYYY-MM-DD');
  }
  const jdn = gregorianToJdn({ year: assertYearInRange(year), month, day });
  return { year, first: jdn, last: jdn };
};

const parseMonth = (value: string): { year: number; first: number; last: number } => {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  const [year, month] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (!match || month < 1 || month > 12) throw new ValidationError('Invalid month format. Use YYYY-MM');
  assertYearInRange(year);
  return {
    year,
    first: gregorianToJdn({ year, month, day: 1 }),
    last: gregorianToJdn({ year, month, day: daysInGregorianMonth(year, month) }),
  };
};

/** A calendar id is "<slug>-<year>"; the bare slug means "the year the rest of the query asks for". */
const parseCalendarId = (value: string, catalog: CalendarCatalog): { slug: string; year?: number } => {
  const id = value.toLowerCase();
  if (catalog.find(id)) return { slug: id };
  const match = /^([a-z]+(?:-[a-z]+)*)-(\d{4})$/.exec(id);
  if (!match || !catalog.find(match[1] as string)) {
    throw new ValidationError(`Invalid calendar_id: ${echo(value)}`);
  }
  return { slug: match[1] as string, year: assertYearInRange(Number(match[2])) };
};

const parseBoundedInteger = (value: string, min: number, max: number, message: string): number => {
  if (!/^\d{1,16}$/.test(value)) throw new ValidationError(message);
  const number = Number(value);
  if (number < min || number > max) throw new ValidationError(message);
  return number;
};

/**
 * Validates the listing's parameters in the order a client most needs to hear about them, and
 * resolves the year whose dataset answers the query. `today`, `tomorrow` and `yesterday` are dates in
 * the `tz` zone (UTC by default), as is the current year. Unknown parameters are ignored.
 */
export const parseListQuery = (params: QueryParams, catalog: CalendarCatalog, now: Date): ListQuery => {
  const [country, sentDate, month, calendarId, limit, offset] = LISTING_PARAMS.map((name) => singleParam(params, name));
  const timeZone = parseTimeZone(params);
  const currentYear = civilDayIn(now, timeZone).year;
  const date = sentDate === undefined ? undefined : resolveRelativeDate(sentDate, now, timeZone);

  if (date !== undefined && month !== undefined) throw new ValidationError('Use either date or month, not both');
  const upperCountry = country?.toUpperCase();
  if (country !== undefined && !isSupportedCountry(upperCountry as string)) {
    throw new ValidationError(`Invalid country code: ${echo(country)}`);
  }
  const period = date !== undefined ? parseDate(date) : month !== undefined ? parseMonth(month) : undefined;
  const calendar = calendarId !== undefined ? parseCalendarId(calendarId, catalog) : undefined;
  if (period && calendar?.year !== undefined && calendar.year !== period.year) {
    throw new ValidationError('calendar_id year does not match the requested date');
  }

  return {
    year: period?.year ?? calendar?.year ?? currentYear,
    timeZone,
    dependsOnNow: (sentDate !== undefined && sentDate !== date) || (!period && calendar?.year === undefined),
    ...(period && { range: { first: period.first, last: period.last } }),
    ...(upperCountry && { country: upperCountry }),
    ...(calendar && { slug: calendar.slug }),
    limit:
      limit === undefined
        ? DEFAULT_LIMIT
        : parseBoundedInteger(limit, 1, MAX_LIMIT, `Invalid limit. Use an integer from 1 to ${MAX_LIMIT}`),
    offset:
      offset === undefined
        ? 0
        : parseBoundedInteger(offset, 0, Number.MAX_SAFE_INTEGER, 'Invalid offset. Use a non-negative integer'),
  };
};
