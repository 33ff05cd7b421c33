import { shapeOf } from '../../../../lambda/core/calendar/calendar';
import { CalendarCatalog } from '../../../../lambda/core/calendar/catalog';
import { ValidationError } from '../../../../lambda/core/shared/errors';
import { parseListQuery } from '../../../../lambda/core/listing/list-query';
import type { QueryParams } from '../../../../lambda/core/shared/query-params';
import { realCalendars } from '../../../support/calendars';

const catalog = new CalendarCatalog(realCalendars.map(shapeOf));
const params = (query: Record<string, string | string[]>): QueryParams =>
  Object.fromEntries(Object.entries(query).map(([name, value]) => [name, Array.isArray(value) ? value : [value]]));
const parse = (query: Record<string, string | string[]>) =>
  parseListQuery(params(query), catalog, new Date('2026-06-15T12:00:00Z'));
const messageOf = (query: Record<string, string | string[]>): string => {
  try {
    parse(query);
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
  throw new Error('expected a ValidationError');
};

describe('parseListQuery', () => {
  it.each([
    [{ country: 'XX' }, 'Invalid country code: XX'],
    [{ country: 'cze' }, 'Invalid country code: cze'],
    [{ country: '' }, 'Invalid country code: '],
    [{ date: '2026-02-30' }, 'Invalid date format. Use YYYY-MM-DD'],
    [{ date: '2026-2-3' }, 'Invalid date format. Use YYYY-MM-DD'],
    [{ date: '2025-02-29' }, 'Invalid date format. Use YYYY-MM-DD'],
    [{ date: '20260101' }, 'Invalid date format. Use YYYY-MM-DD'],
    [{ date: '2026-01-01T00:00' }, 'Invalid date format. Use YYYY-MM-DD'],
    [{ date: '１２３４-01-01' }, 'Invalid date format. Use YYYY-MM-DD'],
    [{ month: '2026-13' }, 'Invalid month format. Use YYYY-MM'],
    [{ month: '2026-00' }, 'Invalid month format. Use YYYY-MM'],
    [{ month: '2026-1' }, 'Invalid month format. Use YYYY-MM'],
    [{ date: '1899-12-31' }, 'Year out of range. Use a year from 1900 to 2100'],
    [{ month: '2101-01' }, 'Year out of range. Use a year from 1900 to 2100'],
    [{ date: '2026-01-01', month: '2026-01' }, 'Use either date or month, not both'],
    [{ limit: '0' }, 'Invalid limit. Use an integer from 1 to 365'],
    [{ limit: '366' }, 'Invalid limit. Use an integer from 1 to 365'],
    [{ limit: 'abc' }, 'Invalid limit. Use an integer from 1 to 365'],
    [{ limit: '1.5' }, 'Invalid limit. Use an integer from 1 to 365'],
    [{ limit: '-1' }, 'Invalid limit. Use an integer from 1 to 365'],
    [{ limit: '' }, 'Invalid limit. Use an integer from 1 to 365'],
    [{ limit: '9'.repeat(400) }, 'Invalid limit. Use an integer from 1 to 365'],
    [{ offset: '-1' }, 'Invalid offset. Use a non-negative integer'],
    [{ offset: '1e3' }, 'Invalid offset. Use a non-negative integer'],
    [{ offset: '9'.repeat(400) }, 'Invalid offset. Use a non-negative integer'],
    [{ country: ['CZ', 'SK'] }, 'Parameter country given more than once'],
    [{ limit: ['1', '1'] }, 'Parameter limit given more than once'],
    [{ calendar_id: 'martian-2026' }, 'Invalid calendar_id: martian-2026'],
    [{ calendar_id: 'czech-civil-2026', date: '2025-01-01' }, 'calendar_id year does not match the requested date'],
    [{ calendar_id: 'czech-civil-2026', month: '2027-01' }, 'calendar_id year does not match the requested date'],
    [{ calendar_id: 'czech-civil-1850' }, 'Year out of range. Use a year from 1900 to 2100'],
  ])('returns 400 for %o: %s', (query, message) => {
    expect(messageOf(query)).toBe(message);
  });

  it('quotes a huge unsupported value cut short', () => {
    expect(messageOf({ country: 'Z'.repeat(5000) })).toBe(`Invalid country code: ${'Z'.repeat(64)}…`);
  });

  it('defaults to the current UTC year, limit 100 and offset 0', () => {
    expect(parse({})).toEqual({ year: 2026, limit: 100, offset: 0, timeZone: 'UTC', dependsOnNow: true });
  });

  it('accepts a lower-case country and answers in upper case', () => {
    expect(parse({ country: 'cz' }).country).toBe('CZ');
  });

  it('takes the year from date or month', () => {
    expect(parse({ date: '2024-02-29' }).year).toBe(2024);
    expect(parse({ month: '1900-01' }).year).toBe(1900);
  });

  it('accepts a calendar slug or a full id, and a full id alone selects its year', () => {
    expect(parse({ calendar_id: 'czech-civil' })).toMatchObject({ slug: 'czech-civil', year: 2026 });
    expect(parse({ calendar_id: 'czech-civil-2030' })).toMatchObject({ slug: 'czech-civil', year: 2030 });
    expect(parse({ calendar_id: 'czech-civil-2024', date: '2024-05-01' })).toMatchObject({ year: 2024 });
  });

  it('ignores unknown parameters', () => {
    expect(parse({ colour: 'blue', q: ['a', 'b'] })).toEqual(parse({}));
  });

  it('accepts the edges of limit and offset', () => {
    expect(parse({ limit: '365', offset: '0' })).toMatchObject({ limit: 365, offset: 0 });
    expect(parse({ limit: '1', offset: '9007199254740991' })).toMatchObject({ limit: 1, offset: 9007199254740991 });
  });
});
