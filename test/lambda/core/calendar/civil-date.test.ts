import {
  gregorianToJdn,
  isoDateOfJdn,
  jdnToGregorian,
  julianToJdn,
  weekdayOfJdn,
} from '../../../../lambda/core/calendar/civil-date';

describe('civil dates', () => {
  it('round-trips every day from 1900 to 2100 and agrees with the platform calendar', () => {
    const first = gregorianToJdn({ year: 1900, month: 1, day: 1 });
    const last = gregorianToJdn({ year: 2100, month: 12, day: 31 });
    const problems: string[] = [];
    for (let jdn = first; jdn <= last; jdn += 1) {
      const platform = new Date(Date.UTC(1900, 0, 1 + (jdn - first)));
      const iso = platform.toISOString().slice(0, 10);
      if (gregorianToJdn(jdnToGregorian(jdn)) !== jdn) problems.push(`${iso}: does not round-trip`);
      if (isoDateOfJdn(jdn) !== iso) problems.push(`${iso}: shown as ${isoDateOfJdn(jdn)}`);
      if (jdn % 997 === 0 && weekdayOfJdn(jdn) !== platform.getUTCDay()) problems.push(`${iso}: wrong weekday`);
    }
    expect(problems).toEqual([]);
  });

  it.each([
    // Julian date, its civil date: the gap is 12 days before March 1900, 13 to February 2100, then 14.
    [{ year: 1899, month: 12, day: 25 }, '1900-01-06'],
    [{ year: 1900, month: 2, day: 29 }, '1900-03-13'],
    [{ year: 1918, month: 1, day: 31 }, '1918-02-13'],
    [{ year: 2025, month: 12, day: 25 }, '2026-01-07'],
    [{ year: 2100, month: 2, day: 15 }, '2100-02-28'],
    [{ year: 2100, month: 3, day: 1 }, '2100-03-15'],
  ])('places Julian %o on %s', (julian, iso) => {
    expect(isoDateOfJdn(julianToJdn(julian))).toBe(iso);
  });
});
