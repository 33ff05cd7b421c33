import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { loadServiceData } from '../../../../lambda/adapters/data-files/service-data';
import { createDocumentClient, STORE_CLIENT_DEFAULTS } from '../../../../lambda/adapters/dynamodb/document-client';
import { DynamoDbApiKeyRepository } from '../../../../lambda/adapters/dynamodb/dynamodb-api-key-repository';
import { replaceServiceData } from '../../../../lambda/adapters/dynamodb/service-data-writer';
import { hashApiKey } from '../../../../lambda/core/access/api-keys';
import { KeyAdmin } from '../../../../lambda/core/access/key-admin';
import { makeListingHandler } from '../../../../lambda/handlers/listing-handler';
import { createServiceDeps } from '../../../../lambda/handlers/service-deps';
import { LOCAL_CLIENT_CONFIG, startEmbeddedStore, type EmbeddedStore } from '../../../../local/embedded-store';
import { getEvent } from '../../../support/events';
import { startFaultProxy, type Fault } from '../../../support/fault-proxy';
import { recordingLogger } from '../../../support/silent-logger';

const data = loadServiceData();
const clock = { now: () => new Date('2026-11-21T10:00:00Z') };
let store: EmbeddedStore;
let proxy: Awaited<ReturnType<typeof startFaultProxy>>;
let key: string;
let listing: ReturnType<typeof makeListingHandler>;

beforeAll(async () => {
  store = await startEmbeddedStore();
  await replaceServiceData(store.client, store.tables, { ...data, definitions: data.definitions.slice(0, 4) });
  key = (await new KeyAdmin(new DynamoDbApiKeyRepository(store.client, store.tables.apiKeys), clock).create('free')).key;
  proxy = await startFaultProxy(store.endpoint);
  // The service's own client settings (timeouts, attempts), as deployed, through the proxy.
  const client = createDocumentClient({ ...LOCAL_CLIENT_CONFIG, ...STORE_CLIENT_DEFAULTS, endpoint: proxy.endpoint });
  const deps = createServiceDeps({
    client,
    tables: store.tables,
    dataVersion: data.version,
    clock,
    logger: recordingLogger(),
    limits: { ratePerMinute: 1000, freeMonthlyQuota: 1000 },
  });
  listing = makeListingHandler(deps);
});
afterAll(async () => {
  await proxy.close();
  await store.close();
});
afterEach(() => proxy.set('none'));

const call = () => listing(getEvent('/api/v1/calendars', '', { 'x-api-key': key }));

const monthCount = async (): Promise<number> => {
  const record = await store.client.send(
    new GetCommand({ TableName: store.tables.apiKeys, Key: { keyHash: hashApiKey(key) }, ConsistentRead: true }),
  );
  return (record.Item?.monthCount as number | undefined) ?? 0;
};

describe('store faults between the service and the real store', () => {
  it.each<Fault>(['throttle', 'stall', 'unreachable'])(
    'answers 503 with Retry-After, never a 500, when the store is %s',
    async (fault) => {
      expect((await call()).statusCode).toBe(200);
      proxy.set(fault);
      const response = await call();
      expect(response.statusCode).toBe(503);
      expect(response.headers).toMatchObject({ 'Retry-After': '1' });
      expect(JSON.parse(response.body)).toEqual({
        error: 'Service Unavailable',
        message: 'Service temporarily unavailable. Please retry.',
        statusCode: 503,
      });
    },
    20000,
  );

  it('never answers an admitted request that was not counted, whatever fails when', async () => {
    const before = await monthCount();
    const faults: Fault[] = ['none', 'throttle', 'none', 'unreachable', 'none', 'none', 'throttle', 'none'];
    const statuses: number[] = [];
    for (const fault of faults) {
      proxy.set(fault);
      statuses.push((await call()).statusCode);
    }
    expect(new Set(statuses)).toEqual(new Set([200, 503]));
    const answered = statuses.filter((status) => status === 200).length;
    expect((await monthCount()) - before).toBeGreaterThanOrEqual(answered);
  }, 30000);
});
