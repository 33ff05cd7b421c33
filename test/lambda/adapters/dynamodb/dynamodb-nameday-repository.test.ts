import { GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { loadServiceData } from '../../../../lambda/adapters/data-files/service-data';
import { replaceServiceData, storedDataVersion } from '../../../../lambda/adapters/dynamodb/service-data-writer';
import { DynamoDbNamedayRepository, keyRangesFor } from '../../../../lambda/adapters/dynamodb/dynamodb-nameday-repository';
import { shapeOf } from '../../../../lambda/core/calendar/calendar';
import { CalendarCatalog } from '../../../../lambda/core/calendar/catalog';
import { contentKey } from '../../../../lambda/core/calendar/entry-contents';
import { startEmbeddedStore } from '../../../../local/embedded-store';
import { realCalendars } from '../../../support/calendars';
import { connectSeededStore, type SharedStore } from '../../../support/seeded-store';

const realData = loadServiceData();
const { definitions, version } = realData;
let store: SharedStore;

beforeAll(() => {
  store = connectSeededStore();
});
afterAll(() => store.close());

const repositoryCountingReads = () => {
  const reads: number[] = [];
  const repository = new DynamoDbNamedayRepository(store.client, store.tables.namedays, version, (items) => reads.push(items));
  return { repository, reads };
};

describe('DynamoDbNamedayRepository against dynalite', () => {
  it('loads the catalog the data was built from', async () => {
    const { repository } = repositoryCountingReads();
    const shapes = await repository.loadCatalog();
    expect(shapes.map((shape) => shape.slug).sort()).toEqual(definitions.map((definition) => definition.slug).sort());
    expect(shapes.find((shape) => shape.slug === 'czech-civil')).toEqual(
      shapeOf(realCalendars.find((c) => c.slug === 'czech-civil')!),
    );
  });

  it('reads a country page with one query of its items, and at most the unused 29 February besides', async () => {
    const catalog = new CalendarCatalog(await repositoryCountingReads().repository.loadCatalog());
    const refs = catalog
      .slotsOf(2026, { country: 'CZ' })
      .slice(40, 140)
      .flatMap((slot) => slot.fixed);
    const { repository, reads } = repositoryCountingReads();
    const contents = await repository.readFixedDays(refs);
    expect(reads).toHaveLength(1);
    // In a common year the leap day's item sits inside the page's key range and is read unused.
    expect(reads[0]).toBeGreaterThanOrEqual(refs.length);
    expect(reads[0]).toBeLessThanOrEqual(refs.length + 1);
    for (const ref of refs) expect(contents.get(contentKey(ref.slug, ref.key))).toBeDefined();
  });

  it('reads an all-country page from the month index, one query per month it spans', async () => {
    const catalog = new CalendarCatalog(await repositoryCountingReads().repository.loadCatalog());
    const slots = catalog.slotsOf(2026, {});
    const inJanuary = slots.slice(0, 10).flatMap((slot) => slot.fixed);
    const acrossMonths = slots
      .filter((slot) => slot.date >= '2026-01-30' && slot.date <= '2026-02-02')
      .flatMap((slot) => slot.fixed);
    const one = repositoryCountingReads();
    await one.repository.readFixedDays(inJanuary);
    expect(one.reads).toEqual([inJanuary.length]);
    const two = repositoryCountingReads();
    const contents = await two.repository.readFixedDays(acrossMonths);
    expect(two.reads).toHaveLength(2);
    expect(two.reads.reduce((sum, items) => sum + items, 0)).toBe(acrossMonths.length);
    expect(contents.size).toBe(acrossMonths.length);
  });

  it('makes no request for a page without fixed days', async () => {
    const { repository, reads } = repositoryCountingReads();
    expect((await repository.readFixedDays([])).size).toBe(0);
    expect(reads).toEqual([]);
  });

  it('splits refs into the fewest key ranges', () => {
    const ref = (country: string, anchor: string, currentEra = true) => ({
      country,
      slug: 's',
      era: currentEra ? 1 : 0,
      currentEra,
      key: '01-01',
      anchor,
    });
    expect(keyRangesFor([ref('CZ', '0101'), ref('CZ', '1231')])).toHaveLength(1);
    expect(keyRangesFor([ref('CZ', '0131'), ref('HU', '0201')]).map((range) => range.partition)).toEqual(['M#01', 'M#02']);
    expect(keyRangesFor([ref('GR', '0301', false), ref('GR', '0330')]).map((range) => range.partition)).toEqual(['GR#E0', 'GR']);
    expect(keyRangesFor([ref('GR', '0301', false), ref('HU', '0302')]).map((range) => range.partition)).toEqual([
      'M#03#E0',
      'M#03',
    ]);
  });
});

describe('replaceServiceData against dynalite', () => {
  it('is idempotent, removes items of other versions, and records the version last', async () => {
    // Two calendars are enough for the writer's behaviour, and a tenth of the real data's writes.
    const data = { ...realData, definitions: realData.definitions.slice(0, 2) };
    const fresh = await startEmbeddedStore();
    try {
      const table = fresh.tables.namedays;
      expect(await storedDataVersion(fresh.client, table)).toBeUndefined();
      await fresh.client.send(new PutCommand({ TableName: table, Item: { pk: 'CZ', sk: '0101#gone#0', v: 'old' } }));
      const first = await replaceServiceData(fresh.client, fresh.tables, data);
      expect(first.deleted).toBe(1);
      const second = await replaceServiceData(fresh.client, fresh.tables, data);
      expect(second).toEqual({ written: first.written, deleted: 0 });
      expect(await storedDataVersion(fresh.client, table)).toBe(version);
      const gone = await fresh.client.send(new GetCommand({ TableName: table, Key: { pk: 'CZ', sk: '0101#gone#0' } }));
      expect(gone.Item).toBeUndefined();
      const countItems = async (tableName: string) => {
        let count = 0;
        let start: Record<string, unknown> | undefined;
        do {
          const page = await fresh.client.send(
            new ScanCommand({ TableName: tableName, Select: 'COUNT', ExclusiveStartKey: start }),
          );
          count += page.Count ?? 0;
          start = page.LastEvaluatedKey;
        } while (start);
        return count;
      };
      expect((await countItems(table)) + (await countItems(fresh.tables.nameIndex))).toBe(first.written + 1);
    } finally {
      await fresh.close();
    }
  });
});

describe('listing through DynamoDB', () => {
  it.each([1900, 1924, 2023, 2024, 2100])(
    'serves every calendar in %i exactly as the pure materialization, in pages of 365',
    async (year) => {
      const { listNamedays } = await import('../../../../lambda/core/listing/list-namedays');
      const { materializeYear } = await import('../../../../lambda/core/calendar/materialize');
      const { repository } = repositoryCountingReads();
      const catalog = new CalendarCatalog(await repository.loadCatalog());
      for (const calendar of realCalendars) {
        const expected = materializeYear(calendar, year).map((entry) => [entry.date, entry.names, entry.feasts]);
        const served: unknown[] = [];
        for (let offset = 0; offset < expected.length; offset += 365) {
          const page = await listNamedays(
            { year, slug: calendar.slug, limit: 365, offset, timeZone: 'UTC', dependsOnNow: false },
            catalog,
            repository,
          );
          served.push(...page.namedays.map((entry) => [entry.date, entry.names, entry.feasts]));
        }
        expect(served).toEqual(expected);
      }
    },
  );
});
