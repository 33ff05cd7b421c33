import { ValidationError } from './errors';
import { singleParam, type QueryParams } from './query-params';

export interface CivilDay {
  year: number;
  month: number;
  day: number;
}

export const DEFAULT_TIME_ZONE = 'UTC';

const INVALID_TIME_ZONE = 'Invalid time zone. Use an IANA time zone such as Europe/Prague';

/** Building a formatter costs far more than using one: one per zone and purpose, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (timeZone: string, purpose: 'day' | 'time'): Intl.DateTimeFormat => {
  const key = `${purpose} ${timeZone}`;
  let known = formatters.get(key);
  if (!known) {
    known = new Intl.DateTimeFormat(
      'en-US',
      purpose === 'day'
        ? { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }
        : { timeZone, hourCycle: 'h23', hour: 'numeric', minute: 'numeric', second: 'numeric' },
    );
    formatters.set(key, known);
  }
  return known;
};

/**
 * The `tz` parameter: an IANA time zone as the platform's time zone database knows it (names are
 * matched without regard to case, as Intl does), UTC when absent.
 */
export const parseTimeZone = (params: QueryParams): string => {
  const value = singleParam(params, 'tz');
  if (value === undefined) return DEFAULT_TIME_ZONE;
  if (value.toUpperCase() === DEFAULT_TIME_ZONE) return DEFAULT_TIME_ZONE;
  try {
    return formatter(value, 'day').resolvedOptions().timeZone;
  } catch {
    throw new ValidationError(INVALID_TIME_ZONE);
  }
};

/** The civil day an instant falls on in a time zone. */
export const civilDayIn = (instant: Date, timeZone: string): CivilDay => {
  const parts = formatter(timeZone, 'day').formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((candidate) => candidate.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
};

const RELATIVE_DAYS: Readonly<Record<string, number>> = { yesterday: -1, today: 0, tomorrow: 1 };

/** `today`, `tomorrow` or `yesterday` in the zone, as YYYY-MM-DD; any other value as it was sent. */
export const resolveRelativeDate = (value: string, now: Date, timeZone: string): string => {
  const offset = RELATIVE_DAYS[value.toLowerCase()];
  if (offset === undefined) return value;
  const today = civilDayIn(now, timeZone);
  const day = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
  return day.toISOString().slice(0, 10);
};

/**
 * Seconds from `instant` to the next midnight in the zone: how long an answer about "today" stays
 * true. Counted on the wall clock, so on the night a zone's clocks go forward it runs an hour long.
 */
export const secondsToMidnightIn = (instant: Date, timeZone: string): number => {
  const parts = formatter(timeZone, 'time').formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((candidate) => candidate.type === type)?.value);
  return Math.max(1, 86400 - (part('hour') * 3600 + part('minute') * 60 + part('second')));
};
