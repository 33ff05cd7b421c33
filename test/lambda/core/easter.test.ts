import { jdnToGregorian, formatIsoDate, isoDateOfJdn } from '../../../lambda/core/civil-date';
import { orthodoxEasterJdn, westernEasterJdn } from '../../../lambda/core/easter';

/** Gauss's Easter algorithm, written independently of the Meeus computus under test. */
const gaussWestern = (year: number): string => {
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
  let month = 3;
  let day = 22 + d + e;
  if (day > 31) {
    month = 4;
    day = d + e - 9;
  }
  if (month === 4 && day === 26) day = 19;
  if (month === 4 && day === 25 && d === 28 && e === 6 && (11 * m + 11) % 30 < 19) day = 18;
  return formatIsoDate({ year, month, day });
};

/** Gauss for the Julian calendar, then the Julian-to-Gregorian gap of the century. */
const gaussOrthodox = (year: number): string => {
  const d = (19 * (year % 19) + 15) % 30;
  const e = (2 * (year % 4) + 4 * (year % 7) + 6 * d + 6) % 7;
  const julianMarchDay = 22 + d + e;
  const gap = Math.floor(year / 100) - Math.floor(year / 400) - 2;
  const date = new Date(Date.UTC(year, 2, julianMarchDay + gap));
  return date.toISOString().slice(0, 10);
};

const years = Array.from({ length: 201 }, (_, index) => 1900 + index);

describe('Easter', () => {
  it.each(years)('Western Easter %i agrees with Gauss', (year) => {
    expect(isoDateOfJdn(westernEasterJdn(year))).toBe(gaussWestern(year));
  });

  it.each(years)('Orthodox Easter %i agrees with the Julian Gauss computus', (year) => {
    expect(isoDateOfJdn(orthodoxEasterJdn(year))).toBe(gaussOrthodox(year));
  });

  it.each([
    ['1913-03-23'], ['1943-04-25'], ['1954-04-18'], ['1981-04-19'], ['2000-04-23'], ['2008-03-23'],
    ['2011-04-24'], ['2019-04-21'], ['2024-03-31'], ['2025-04-20'], ['2026-04-05'], ['2038-04-25'],
  ])('Western Easter falls on the published date %s', (iso) => {
    expect(isoDateOfJdn(westernEasterJdn(Number(iso.slice(0, 4))))).toBe(iso);
  });

  it.each([
    ['2010-04-04'], ['2016-05-01'], ['2021-05-02'], ['2022-04-24'], ['2023-04-16'], ['2024-05-05'],
    ['2025-04-20'], ['2026-04-12'], ['2027-05-02'], ['2030-04-28'],
  ])('Orthodox Easter falls on the published date %s', (iso) => {
    expect(isoDateOfJdn(orthodoxEasterJdn(Number(iso.slice(0, 4))))).toBe(iso);
  });

  it('always falls on a Sunday between 22 March and 8 May (civil) from 1900 to 2100', () => {
    for (const year of years) {
      for (const jdn of [westernEasterJdn(year), orthodoxEasterJdn(year)]) {
        const { month, day } = jdnToGregorian(jdn);
        expect(new Date(Date.UTC(year, month - 1, day)).getUTCDay()).toBe(0);
        expect(month * 100 + day).toBeGreaterThanOrEqual(322);
        expect(month * 100 + day).toBeLessThanOrEqual(508);
      }
    }
  });
});
