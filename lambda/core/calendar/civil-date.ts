/**
 * Calendar arithmetic on Julian Day Numbers (JDN): one integer per day, so that Gregorian and
 * Julian dates convert through the same number and day offsets are plain additions.
 */

export interface YearMonthDay {
  year: number;
  month: number;
  day: number;
}

export const gregorianToJdn = ({ year, month, day }: YearMonthDay): number => {
  const a = Math.floor((14 - month) / 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  return day + Math.floor((153 * m + 2) / 5) + 365 * y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) - 32045;
};

export const julianToJdn = ({ year, month, day }: YearMonthDay): number => {
  const a = Math.floor((14 - month) / 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  return day + Math.floor((153 * m + 2) / 5) + 365 * y + Math.floor(y / 4) - 32083;
};

export const jdnToGregorian = (jdn: number): YearMonthDay => {
  const a = jdn + 32044;
  const b = Math.floor((4 * a + 3) / 146097);
  const c = a - Math.floor((146097 * b) / 4);
  const d = Math.floor((4 * c + 3) / 1461);
  const e = c - Math.floor((1461 * d) / 4);
  const m = Math.floor((5 * e + 2) / 153);
  return {
    day: e - Math.floor((153 * m + 2) / 5) + 1,
    month: m + 3 - 12 * Math.floor(m / 10),
    year: 100 * b + d - 4800 + Math.floor(m / 10),
  };
};

export const isGregorianLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export const isJulianLeapYear = (year: number): boolean => year % 4 === 0;

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOfJdn = (jdn: number): number => (jdn + 1) % 7;

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

export const formatIsoDate = ({ year, month, day }: YearMonthDay): string => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;

export const isoDateOfJdn = (jdn: number): string => formatIsoDate(jdnToGregorian(jdn));

export const daysInGregorianMonth = (year: number, month: number): number =>
  month === 2 ? (isGregorianLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** Parses "MM-DD" into month and day; validity against a year is the caller's concern. */
export const parseMonthDay = (key: string): { month: number; day: number } => {
  const match = /^(\d{2})-(\d{2})$/.exec(key);
  if (!match) throw new Error(`Not a MM-DD key: ${key}`);
  return { month: Number(match[1]), day: Number(match[2]) };
};

/** The first and last JDN of a Gregorian year. */
export const gregorianYearBounds = (year: number): { first: number; last: number } => ({
  first: gregorianToJdn({ year, month: 1, day: 1 }),
  last: gregorianToJdn({ year, month: 12, day: 31 }),
});
