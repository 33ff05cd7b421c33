import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
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
import { recordingLogger } from '../../../support/silent-logger';

/**
 * A TCP proxy between the service and the real store that passes traffic, stalls it (a timeout),
 * refuses it (an unreachable store) or answers every request with DynamoDB's throttling error.
 */
type Fault = 'none' | 'stall' | 'unreachable' | 'throttle';

const THROTTLED =
  '{"__type":"com.amazonaws.dynamodb.v20120810#ThrottlingException","message":"Rate of requests exceeds the allowed throughput."}';

const startFaultProxy = async (target: string) => {
  const { hostname, port } = new URL(target);
  let fault: Fault = 'none';
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (fault === 'unreachable') return void client.destroy();
    if (fault === 'stall') return void client.resume();
    if (fault === 'throttle') {
      client.once('data', () =>
        client.end(
          `HTTP/1.1 400 Bad Request\r\nContent-Type: application/x-amz-json-1.0\r\nContent-Length: ${THROTTLED.length}\r\nConnection: close\r\n\r\n${THROTTLED}`,
        ),
      );
      return;
    }
    const upstream = connect(Number(port), hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Applies to every connection from now on: open ones are cut, as a network fault would. */
    set: (next: Fault) => {
      fault = next;
      for (const socket of sockets) socket.destroy();
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

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
