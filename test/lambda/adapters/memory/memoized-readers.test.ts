import { DynamoDbApiKeyRepository } from '../../../../lambda/adapters/dynamodb/dynamodb-api-key-repository';
import { MemoizedNameIndexReader } from '../../../../lambda/adapters/memory/memoized-readers';
import { KeyAdmin } from '../../../../lambda/core/access/key-admin';
import type { NameOccurrence } from '../../../../lambda/core/names/name-index';
import { makeListingHandler } from '../../../../lambda/handlers/listing-handler';
import { makeSearchHandler } from '../../../../lambda/handlers/search-handler';
import { createServiceDeps } from '../../../../lambda/handlers/service-deps';
import { startEmbeddedStore, type EmbeddedStore } from '../../../../local/embedded-store';
import { loadServiceData } from '../../../../lambda/adapters/data-files/service-data';
import { replaceServiceData } from '../../../../lambda/adapters/dynamodb/service-data-writer';
import { getEvent } from '../../../support/events';
import { recordingLogger } from '../../../support/silent-logger';

const data = loadServiceData();
const clock = { now: () => new Date('2026-11-21T10:00:00Z') };
let store: EmbeddedStore;

beforeAll(async () => {
  store = await startEmbeddedStore();
  await replaceServiceData(store.client, store.tables, { ...data, definitions: data.definitions.slice(0, 6) });
});
afterAll(() => store.close());

/** A warm service over the real store, counting the items its data reads return. */
const service = () => {
  const reads: number[] = [];
  const deps = createServiceDeps({
    client: store.client,
    tables: store.tables,
    dataVersion: data.version,
    clock,
    logger: recordingLogger(),
    limits: { ratePerMinute: 1000, freeMonthlyQuota: 1000 },
    onStoreRead: (items) => reads.push(items),
  });
  return { listing: makeListingHandler(deps), search: makeSearchHandler(deps), reads };
};

describe('answers kept in memory for the data version', () => {
  it('reads a page and a search once, then answers them from memory, counting every request', async () => {
    const key = (await new KeyAdmin(new DynamoDbApiKeyRepository(store.client, store.tables.apiKeys), clock).create('free')).key;
    const { listing, search, reads } = service();
    const page = () => listing(getEvent('/api/v1/namedays', 'country=CZ&month=2026-03', { 'x-api-key': key }));
    const find = () => search(getEvent('/api/search', 'q=jos', { 'x-api-key': key }));
    const [firstPage, firstSearch] = [await page(), await find()];
    const readsWhenCold = reads.length;
    expect(readsWhenCold).toBeGreaterThan(0);
    const [warmPage, warmSearch] = [await page(), await find()];
    expect(reads).toHaveLength(readsWhenCold);
    expect(warmPage.body).toBe(firstPage.body);
    expect(warmSearch.body).toBe(firstSearch.body);
    expect(warmSearch.headers).toMatchObject({ 'X-Quota-Remaining': '996' });
  });

  it('refuses a key revoked while the caches are warm, at once', async () => {
    const admin = new KeyAdmin(new DynamoDbApiKeyRepository(store.client, store.tables.apiKeys), clock);
    const { id, key } = await admin.create('paid');
    const { listing } = service();
    const call = () => listing(getEvent('/api/v1/namedays', 'country=CZ&date=2026-03-19', { 'x-api-key': key }));
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    await admin.revoke(id);
    expect((await call()).statusCode).toBe(401);
  });

  it('keeps at most the given number of prefixes, the least recently used dropped first, and no failed read', async () => {
    const asked: string[] = [];
    let fail = false;
    const reader = new MemoizedNameIndexReader(
      {
        findByPrefix: (folded: string) => {
          asked.push(folded);
          return fail ? Promise.reject(new Error('store down')) : Promise.resolve<NameOccurrence[]>([]);
        },
      },
      2,
    );
    await reader.findByPrefix('ab');
    await reader.findByPrefix('cd');
    await reader.findByPrefix('ab');
    await reader.findByPrefix('ef');
    await reader.findByPrefix('ab');
    await reader.findByPrefix('cd');
    expect(asked).toEqual(['ab', 'cd', 'ef', 'cd']);
    fail = true;
    await expect(reader.findByPrefix('gh')).rejects.toThrow('store down');
    fail = false;
    await reader.findByPrefix('gh');
    expect(asked.slice(-2)).toEqual(['gh', 'gh']);
  });
});
