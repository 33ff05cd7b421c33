import { ValidationError } from '../../../../lambda/core/shared/errors';
import { civilDayIn, parseTimeZone, resolveRelativeDate } from '../../../../lambda/core/shared/time-zone';
import { parseSearchQuery } from '../../../../lambda/core/names/search-query';

const at = (iso: string) => new Date(iso);

describe('the tz parameter', () => {
  it.each([
    [{}, 'UTC'],
    [{ tz: ['Europe/Prague'] }, 'Europe/Prague'],
    [{ tz: ['europe/prague'] }, 'Europe/Prague'],
    [{ tz: ['Pacific/Kiritimati'] }, 'Pacific/Kiritimati'],
  ])('reads %j as %s', (params, zone) => {
    expect(parseTimeZone(params)).toBe(zone);
  });

  it.each(['Mars/Olympus_Mons', 'CET+1', '', 'Europe/Prague/Old', 'x'.repeat(300)])('refuses %j with 400', (tz) => {
    expect(() => parseTimeZone({ tz: [tz] })).toThrow(
      new ValidationError('Invalid time zone. Use an IANA time zone such as Europe/Prague'),
    );
  });

  it('refuses tz given twice', () => {
    expect(() => parseTimeZone({ tz: ['UTC', 'Europe/Prague'] })).toThrow('Parameter tz given more than once');
  });
});

describe('today, tomorrow and yesterday in a time zone', () => {
  it.each([
    // Across the date line: the same instant is three different days.
    ['2026-03-19T11:00:00Z', 'Pacific/Kiritimati', 'today', '2026-03-20'],
    ['2026-03-19T11:00:00Z', 'Europe/Prague', 'today', '2026-03-19'],
    ['2026-03-19T11:00:00Z', 'Pacific/Pago_Pago', 'today', '2026-03-19'],
    ['2026-03-19T10:00:00Z', 'Pacific/Pago_Pago', 'today', '2026-03-18'],
    ['2026-03-19T11:00:00Z', 'Pacific/Kiritimati', 'yesterday', '2026-03-19'],
    ['2026-03-19T11:00:00Z', 'UTC', 'tomorrow', '2026-03-20'],
    // Around the European DST change (01:00 UTC on 29 March 2026) and the American one (8 March 2026).
    ['2026-03-28T22:59:59Z', 'Europe/Prague', 'today', '2026-03-28'],
    ['2026-03-28T23:00:00Z', 'Europe/Prague', 'today', '2026-03-29'],
    ['2026-03-29T21:59:59Z', 'Europe/Prague', 'today', '2026-03-29'],
    ['2026-03-29T22:00:00Z', 'Europe/Prague', 'today', '2026-03-30'],
    ['2026-03-09T03:59:59Z', 'America/New_York', 'today', '2026-03-08'],
    ['2026-03-09T04:00:00Z', 'America/New_York', 'today', '2026-03-09'],
    // Across a year and a leap day.
    ['2026-12-31T10:00:00Z', 'Pacific/Kiritimati', 'today', '2027-01-01'],
    ['2028-02-28T12:00:00Z', 'UTC', 'tomorrow', '2028-02-29'],
    ['2027-01-01T00:30:00Z', 'America/Los_Angeles', 'yesterday', '2026-12-30'],
  ])('at %s in %s, %s is %s', (instant, zone, word, expected) => {
    expect(resolveRelativeDate(word, at(instant), zone)).toBe(expected);
  });

  it('leaves any other date as sent, and takes the words in any case', () => {
    expect(resolveRelativeDate('2026-02-30', at('2026-03-19T11:00:00Z'), 'UTC')).toBe('2026-02-30');
    expect(resolveRelativeDate('Today', at('2026-03-19T11:00:00Z'), 'UTC')).toBe('2026-03-19');
  });

  it('gives the civil day of an instant', () => {
    expect(civilDayIn(at('2026-12-31T23:30:00Z'), 'Europe/Prague')).toEqual({ year: 2027, month: 1, day: 1 });
  });
});

describe('the default search year in a time zone', () => {
  it('is the year of today where the caller lives', () => {
    const newYearsEve = at('2026-12-31T12:00:00Z');
    expect(parseSearchQuery({ q: ['jiri'] }, newYearsEve).year).toBe(2026);
    expect(parseSearchQuery({ q: ['jiri'], tz: ['Pacific/Kiritimati'] }, newYearsEve).year).toBe(2027);
  });
});
