import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { loadServiceData } from '../../../../lambda/adapters/data-files/service-data';
import { calendarItems, META_KEY } from '../../../../lambda/adapters/dynamodb/calendar-items';
import { createLoaderClient, LOADER_CLIENT_DEFAULTS } from '../../../../lambda/adapters/dynamodb/document-client';
import { nameIndexItems } from '../../../../lambda/adapters/dynamodb/name-index-items';
import { writeServiceData } from '../../../../lambda/adapters/dynamodb/service-data-writer';
import { buildNameIndex } from '../../../../lambda/core/names/name-index';
import { NameGroups } from '../../../../lambda/core/names/name-groups';
import { LOCAL_CLIENT_CONFIG, startEmbeddedStore, type EmbeddedStore } from '../../../../local/embedded-store';
import { startFaultProxy } from '../../../support/fault-proxy';

/**
 * The deploy-time load against the real store behind the fault proxy, with bursts of throttling while
 * it runs (every request refused, and the connections open at the moment cut): what a brand-new
 * on-demand table does to a bulk load while it splits its partitions.
 */
const all = loadServiceData();
// Two calendars and their name index: a few thousand items, hundreds of batches, in a test of seconds.
const data = { ...all, definitions: all.definitions.slice(0, 2) };
const keyOf = (item: { pk?: unknown; sk?: unknown }) => `${String(item.pk)}\u0000${String(item.sk)}`;

let store: EmbeddedStore;
let proxy: Awaited<ReturnType<typeof startFaultProxy>>;

beforeAll(async () => {
  store = await startEmbeddedStore();
  proxy = await startFaultProxy(store.endpoint);
});
afterAll(async () => {
  await proxy.close();
  await store.close();
});

/** Every key in a table, read straight from the store (not through the proxy). */
const storedKeys = async (tableName: string): Promise<string[]> => {
  const keys: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await store.client.send(
      new ScanCommand({ TableName: tableName, ProjectionExpression: 'pk, sk', ...(start && { ExclusiveStartKey: start }) }),
    );
    keys.push(...(page.Items ?? []).map(keyOf));
    start = page.LastEvaluatedKey;
  } while (start);
  return keys;
};

describe('the calendar loader under throttling', () => {
  it('completes through bursts of throttling mid-load, with nothing missing and nothing doubled', async () => {
    const client = createLoaderClient({ ...LOCAL_CLIENT_CONFIG, ...LOADER_CLIENT_DEFAULTS, endpoint: proxy.endpoint });
    const expectedDays = data.definitions.flatMap((definition) => calendarItems(definition, data.version)).map(keyOf);
    const expectedIndex = nameIndexItems(buildNameIndex(data.definitions, new NameGroups(data.groups)), data.version).map(keyOf);

    let bursts = 0;
    let timer: NodeJS.Timeout | undefined;
    // Once the load is under way: 250 ms of throttling in every 1.5 s, until it is done.
    const startBursts = () => {
      timer ??= setInterval(() => {
        bursts += 1;
        proxy.set('throttle');
        setTimeout(() => proxy.set('none'), 250);
      }, 1500);
    };
    const started = Date.now();
    let loaded: Awaited<ReturnType<typeof writeServiceData>>;
    try {
      loaded = await writeServiceData(client, store.tables, data, (done) => {
        if (done > 0) startBursts();
      });
    } finally {
      clearInterval(timer);
      proxy.set('none');
      client.destroy();
    }
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(
      `calendar load through throttling: ${loaded.written} items in ${seconds.toFixed(1)} s, ${bursts} bursts, ${loaded.retriedRounds} rounds retried\n`,
    );

    expect(bursts).toBeGreaterThan(0);
    expect(loaded.written).toBe(expectedDays.length + expectedIndex.length);
    const days = await storedKeys(store.tables.namedays);
    const index = await storedKeys(store.tables.nameIndex);
    // A key appears once in a table by definition; "doubled" would be items the load did not mean to write.
    expect(days.sort()).toEqual([...expectedDays, keyOf(META_KEY)].sort());
    expect(index.sort()).toEqual([...expectedIndex].sort());
  }, 180_000);
});
