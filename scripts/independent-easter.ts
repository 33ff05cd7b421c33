/**
 * Easter by Gauss's algorithm, written apart from the Meeus computus the service uses, so that checks
 * compare two independent computations. Returns the civil (Gregorian) date as "YYYY-MM-DD".
 */
const iso = (year: number, month: number, day: number): string =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

export const gaussWesternEaster = (year: number): string => {
  const a = year % 19;
  const b = year % 4;
  const c = year % 7;
  const k = Math.floor(year / 100);
  const p = Math.floor((13 + 8 * k) / 25);
  const q = Math.floor(k / 4);
  const m = (15 - p + k - q) % 30;
  const n = (4 + k - q) % 7;
  const d = (19 * a + m) % 30;
  const e = (2 * b + 4 * c + 6 * d + n) % 7;
  if (d === 29 && e === 6) return iso(year, 4, 19);
  if (d === 28 && e === 6 && (11 * m + 11) % 30 < 19) return iso(year, 4, 18);
  return iso(year, 3, 22 + d + e);
};

/** Gauss for the Julian calendar, then the Julian-to-Gregorian gap of the century. */
export const gaussOrthodoxEaster = (year: number): string => {
  const d = (19 * (year % 19) + 15) % 30;
  const e = (2 * (year % 4) + 4 * (year % 7) + 6 * d + 6) % 7;
  const gap = Math.floor(year / 100) - Math.floor(year / 400) - 2;
  return iso(year, 3, 22 + d + e + gap);
};
