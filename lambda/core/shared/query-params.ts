import { ValidationError } from './errors';

/** Query parameters as sent, every value of a repeated parameter kept. */
export type QueryParams = Readonly<Record<string, readonly string[] | undefined>>;

export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2100;

const ECHO_LIMIT = 64;

/** A client's value quoted back in a message, cut short so a huge value cannot bloat the answer. */
export const echo = (value: string): string => (value.length > ECHO_LIMIT ? `${value.slice(0, ECHO_LIMIT)}…` : value);

/** The single value of a parameter, or undefined; a repeated parameter is refused. */
export const singleParam = (params: QueryParams, name: string): string | undefined => {
  const values = params[name];
  if (!values || values.length === 0) return undefined;
  if (values.length > 1) throw new ValidationError(`Parameter ${name} given more than once`);
  return values[0];
};

export const assertYearInRange = (year: number): number => {
  if (!Number.isInteger(year) || year < FIRST_YEAR || year > LAST_YEAR) {
    throw new ValidationError(`Year out of range. Use a year from ${FIRST_YEAR} to ${LAST_YEAR}`);
  }
  return year;
};
