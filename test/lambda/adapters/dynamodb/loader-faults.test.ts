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

    // Bursts at fixed points of the load (a tenth, two fifths and seven tenths of the items written), not
    // on a timer: a quiet machine can finish the load before a timer's first tick. Each refuses every
    // request for 250 ms, while the writes after that point are under way.
    const total = expectedDays.length + expectedIndex.length;
    const burstPoints = [0.1, 0.4, 0.7].map((share) => Math.floor(total * share));
    let bursts = 0;
    const pending = new Set<NodeJS.Timeout>();
    const burstAt = (done: number) => {
      while (bursts < burstPoints.length && done >= (burstPoints[bursts] as number)) {
        bursts += 1;
        proxy.set('throttle');
        const timer = setTimeout(() => {
          pending.delete(timer);
          proxy.set('none');
        }, 250);
        pending.add(timer);
      }
    };
    const started = Date.now();
    let loaded: Awaited<ReturnType<typeof writeServiceData>>;
    try {
      loaded = await writeServiceData(client, store.tables, data, burstAt);
    } finally {
      for (const timer of pending) clearTimeout(timer);
      proxy.set('none');
      client.destroy();
    }
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(
      `calendar load through throttling: ${loaded.written} items in ${seconds.toFixed(1)} s, ${bursts} bursts, ${proxy.throttled()} requests throttled, ${loaded.retriedRounds} rounds retried\n`,
    );

    expect(bursts).toBe(burstPoints.length);
    // Throttling reached the loader's requests (the SDK's retries or the loader's own rounds took them).
    expect(proxy.throttled()).toBeGreaterThan(0);
    expect(loaded.written).toBe(expectedDays.length + expectedIndex.length);
    const days = await storedKeys(store.tables.namedays);
    const index = await storedKeys(store.tables.nameIndex);
    // A key appears once in a table by definition; "doubled" would be items the load did not mean to write.
    expect(days.sort()).toEqual([...expectedDays, keyOf(META_KEY)].sort());
    expect(index.sort()).toEqual([...expectedIndex].sort());
  }, 180_000);
});
