import type { QueryParameterOf } from '../../contract';
import { ValidationError } from '../shared/errors';
import { foldName } from './name-folding';
import { MIN_QUERY_LENGTH } from './name-index';
import { assertYearInRange, singleParam, type QueryParams } from '../shared/query-params';
import { civilDayIn, parseTimeZone } from '../shared/time-zone';

export const MAX_QUERY_LENGTH = 100;

/** The search's parameters, each one the route table gives the operation (tz is read with the zone). */
const SEARCH_PARAMS = { q: 'q', year: 'year' } as const satisfies Record<string, QueryParameterOf<'searchNames'>>;

export interface SearchQuery {
  /** The folded query, or null when the query is too short, too long or has nothing to match. */
  folded: string | null;
  year: number;
  /** The zone the current year was read in. */
  timeZone: string;
  /** No year was asked for: the answer changes when the zone's year does. */
  dependsOnNow: boolean;
}

const parseYear = (value: string | undefined, currentYear: number): number => {
  if (value === undefined) return currentYear;
  if (!/^\d{4}$/.test(value)) throw new ValidationError('Year out of range. Use a year from 1900 to 2100');
  return assertYearInRange(Number(value));
};

/**
 * The default year is the current one in the `tz` zone (UTC by default). A missing, blank,
 * one-character or over-long q is not an error: it matches nothing. Length counts
 * characters as the user sees them, after trimming; the folded form must keep two of them.
 */
export const parseSearchQuery = (params: QueryParams, now: Date): SearchQuery => {
  const q = singleParam(params, SEARCH_PARAMS.q);
  const timeZone = parseTimeZone(params);
  const sentYear = singleParam(params, SEARCH_PARAMS.year);
  const year = parseYear(sentYear, civilDayIn(now, timeZone).year);
  const context = { year, timeZone, dependsOnNow: sentYear === undefined };
  const trimmed = q?.trim() ?? '';
  const length = [...trimmed].length;
  if (length < MIN_QUERY_LENGTH || length > MAX_QUERY_LENGTH) return { folded: null, ...context };
  const folded = foldName(trimmed);
  return { folded: [...folded].length >= MIN_QUERY_LENGTH ? folded : null, ...context };
};
