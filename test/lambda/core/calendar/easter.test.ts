import { jdnToGregorian, isoDateOfJdn } from '../../../../lambda/core/calendar/civil-date';
import { gaussOrthodoxEaster, gaussWesternEaster } from '../../../../scripts/independent-easter';
import { orthodoxEasterJdn, westernEasterJdn } from '../../../../lambda/core/calendar/easter';

const gaussWestern = gaussWesternEaster;
const gaussOrthodox = gaussOrthodoxEaster;

const years = Array.from({ length: 201 }, (_, index) => 1900 + index);

describe('Easter', () => {
  it.each(years)('Western Easter %i agrees with Gauss', (year) => {
    expect(isoDateOfJdn(westernEasterJdn(year))).toBe(gaussWestern(year));
  });

  it.each(years)('Orthodox Easter %i agrees with the Julian Gauss computus', (year) => {
    expect(isoDateOfJdn(orthodoxEasterJdn(year))).toBe(gaussOrthodox(year));
  });

  it.each([
    ['1913-03-23'],
    ['1943-04-25'],
    ['1954-04-18'],
    ['1981-04-19'],
    ['2000-04-23'],
    ['2008-03-23'],
    ['2011-04-24'],
    ['2019-04-21'],
    ['2024-03-31'],
    ['2025-04-20'],
    ['2026-04-05'],
    ['2038-04-25'],
  ])('Western Easter falls on the published date %s', (iso) => {
    expect(isoDateOfJdn(westernEasterJdn(Number(iso.slice(0, 4))))).toBe(iso);
  });

  it.each([
    ['2010-04-04'],
    ['2016-05-01'],
    ['2021-05-02'],
    ['2022-04-24'],
    ['2023-04-16'],
    ['2024-05-05'],
    ['2025-04-20'],
    ['2026-04-12'],
    ['2027-05-02'],
    ['2030-04-28'],
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
