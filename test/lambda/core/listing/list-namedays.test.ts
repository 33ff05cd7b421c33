import { shapeOf } from '../../../../lambda/core/calendar/calendar';
import { CalendarCatalog } from '../../../../lambda/core/calendar/catalog';
import { contentKey } from '../../../../lambda/core/calendar/entry-contents';
import { listNamedays, type FixedDayReader } from '../../../../lambda/core/listing/list-namedays';
import { parseListQuery } from '../../../../lambda/core/listing/list-query';
import { materializeYear } from '../../../../lambda/core/calendar/materialize';
import type { FixedDayRef } from '../../../../lambda/core/calendar/year-plan';
import { realCalendars } from '../../../support/calendars';

const catalog = new CalendarCatalog(realCalendars.map(shapeOf));

/** Answers from the definitions in memory and remembers what it was asked for. */
const memoryReader = () => {
  const asked: FixedDayRef[][] = [];
  const reader: FixedDayReader = {
    readFixedDays: async (refs) => {
      asked.push([...refs]);
      return new Map(
        refs.map((ref) => {
          const day = realCalendars.find((calendar) => calendar.slug === ref.slug)?.days[ref.key];
          return [contentKey(ref.slug, ref.key), day ?? { names: [] }];
        }),
      );
    },
  };
  return { reader, asked };
};

const list = (query: Record<string, string>) => {
  const params = Object.fromEntries(Object.entries(query).map(([name, value]) => [name, [value]]));
  const { reader, asked } = memoryReader();
  return listNamedays(parseListQuery(params, catalog, new Date('2026-06-15T12:00:00Z')), catalog, reader).then((page) => ({
    page,
    asked,
  }));
};

describe('listNamedays', () => {
  it('orders by date, then country, then calendar, and counts every match in total', async () => {
    const keys: string[] = [];
    let total = Number.POSITIVE_INFINITY;
    for (let offset = 0; offset < total; offset += 365) {
      const { page } = await list({ month: '2026-03', limit: '365', offset: String(offset) });
      total = page.pagination.total;
      keys.push(...page.namedays.map((entry) => `${entry.date}|${entry.country}|${entry.calendar}`));
    }
    expect(keys).toEqual([...keys].sort());
    expect(keys).toHaveLength(total);
    expect(new Set(keys).size).toBe(total);
  });

  it('agrees with the full materialization of each calendar, page by page', async () => {
    for (const calendar of realCalendars) {
      const expected = materializeYear(calendar, 2024);
      const seen: string[] = [];
      for (let offset = 0; offset < expected.length; offset += 100) {
        const { page } = await list({ calendar_id: `${calendar.slug}-2024`, offset: String(offset) });
        expect(page.pagination.total).toBe(expected.length);
        seen.push(...page.namedays.map((entry) => JSON.stringify([entry.date, entry.names, entry.feasts])));
      }
      expect(seen).toEqual(expected.map((entry) => JSON.stringify([entry.date, entry.names, entry.feasts])));
    }
  });

  it('gives an empty page with the true total past the end, without reading', async () => {
    const { page, asked } = await list({ country: 'CZ', offset: '5000' });
    expect(page.namedays).toEqual([]);
    expect(page.pagination).toEqual({ limit: 100, offset: 5000, total: 365 });
    expect(asked).toEqual([[]]);
  });

  it('reads only the fixed days of the page, whatever the offset', async () => {
    const first = await list({ limit: '10' });
    const total = first.page.pagination.total;
    const last = await list({ limit: '10', offset: String(total - 10) });
    expect(first.asked[0]).toHaveLength(last.asked[0]?.length ?? -1);
    expect(last.page.namedays.at(-1)?.date).toBe('2026-12-31');
  });

  it('returns the entry fields of the spec', async () => {
    const { page } = await list({ country: 'cz', date: '2026-03-19' });
    expect(page.namedays).toEqual([
      {
        date: '2026-03-19',
        names: ['Josef'],
        feasts: expect.any(Array),
        country: 'CZ',
        countryName: 'Czechia',
        calendar: 'czech-civil-2026',
        tradition: null,
      },
    ]);
  });
});
