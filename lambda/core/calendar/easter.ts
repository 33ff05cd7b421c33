import { gregorianToJdn, julianToJdn } from './civil-date';

export type EasterReckoning = 'western' | 'orthodox';

/** Western Easter Sunday as a JDN: the Gregorian computus (Meeus/Jones/Butcher). */
export const westernEasterJdn = (year: number): number => {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return gregorianToJdn({ year, month, day });
};

/**
 * Orthodox Easter Sunday as a JDN: the Julian computus (Meeus), whose Julian date the JDN then
 * places on the civil calendar. Every Orthodox church here keeps the Julian Paschalion, including
 * those that moved their fixed feasts to the Revised Julian calendar.
 */
export const orthodoxEasterJdn = (year: number): number => {
  const a = year % 4;
  const b = year % 7;
  const c = year % 19;
  const d = (19 * c + 15) % 30;
  const e = (2 * a + 4 * b - d + 34) % 7;
  const month = Math.floor((d + e + 114) / 31);
  const day = ((d + e + 114) % 31) + 1;
  return julianToJdn({ year, month, day });
};

export const easterJdn = (reckoning: EasterReckoning, year: number): number =>
  reckoning === 'western' ? westernEasterJdn(year) : orthodoxEasterJdn(year);
