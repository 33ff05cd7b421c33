import autocannon from 'autocannon';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDbApiKeyRepository } from '../lambda/adapters/dynamodb/dynamodb-api-key-repository';
import { createLogger } from '../lambda/adapters/logger';
import { hashApiKey } from '../lambda/core/access/api-keys';
import { systemClock } from '../lambda/adapters/system-clock';
import { makeListingHandler } from '../lambda/handlers/listing-handler';
import { createServiceDeps } from '../lambda/handlers/service-deps';
import { localDocumentClient, startEmbeddedStore } from '../local/embedded-store';
import { replaceServiceData } from '../lambda/adapters/dynamodb/service-data-writer';
import { createGateway } from '../local/gateway';
import { loadServiceData } from '../lambda/adapters/data-files/service-data';
import { shapeOf } from '../lambda/core/calendar/calendar';
import { CalendarCatalog } from '../lambda/core/calendar/catalog';
import { Admission, type UsageCounter } from '../lambda/core/access/admission';
import { contentKey } from '../lambda/core/calendar/entry-contents';
import type { FixedDayReader } from '../lambda/core/listing/list-namedays';
import type { ServiceDeps } from '../lambda/handlers/service-deps';
import { BENCH_KEY, getEventFor, provisionBenchKey, UNLIMITED } from './fixtures';
import { percentile, round, timed } from './stats';

const PATH = '/api/v1/namedays?country=CZ&date=2026-03-19';
const DURATION_SECONDS = 5;
const CONNECTIONS = 10;

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

const load = async (url: string) => {
  const result = await autocannon({
    url: `${url}${PATH}`,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: { 'x-api-key': BENCH_KEY },
  });
  return { requestsPerSecond: round(result.requests.average, 0), latencyP50Ms: result.latency.p50, non2xx: result.non2xx };
};

/** The same service with its store in memory: what the server and handlers cost without a store. */
const inMemoryDeps = (logger: ServiceDeps['logger']): ServiceDeps => {
  const { definitions } = loadServiceData();
  const catalog = new CalendarCatalog(definitions.map(shapeOf));
  const days = new Map(
    definitions.flatMap((calendar) => Object.entries(calendar.days).map(([key, day]) => [contentKey(calendar.slug, key), day])),
  );
  const fixedDays: FixedDayReader = {
    readFixedDays: (refs) =>
      Promise.resolve(
        new Map(refs.map((ref) => [contentKey(ref.slug, ref.key), days.get(contentKey(ref.slug, ref.key)) ?? { names: [] }])),
      ),
  };
  let count = 0;
  const month = () => systemClock.now().toISOString().slice(0, 7);
  const minute = () => systemClock.now().toISOString().slice(0, 16);
  const counter: UsageCounter = {
    count: () =>
      Promise.resolve({
        status: 'active',
        tier: 'paid',
        minuteWindow: minute(),
        minuteCount: 1,
        monthWindow: month(),
        monthCount: (count += 1),
      }),
    read: () => Promise.resolve(undefined),
  };
  return {
    catalog: () => Promise.resolve(catalog),
    fixedDays,
    nameIndex: { findByPrefix: () => Promise.resolve([]) },
    clock: systemClock,
    logger,
    admission: new Admission(counter, UNLIMITED, systemClock),
  };
};

/**
 * The local server against a bare node:http server that returns the same bytes, both loaded by
 * autocannon; then, in-process, what one request spends where.
 */
export const measureThroughput = async () => {
  // As `npm start` runs it: dynalite in the server's own process, seeded from data/.
  const store = await startEmbeddedStore();
  const data = loadServiceData();
  await replaceServiceData(store.client, store.tables, data);
  await provisionBenchKey(store);
  const logger = createLogger({ level: 'SILENT' });
  const deps = createServiceDeps({
    client: store.client,
    tables: store.tables,
    dataVersion: data.version,
    clock: systemClock,
    logger,
    limits: UNLIMITED,
  });
  const listing = makeListingHandler(deps);
  const sample = await listing(getEventFor('/api/v1/namedays', 'country=CZ&date=2026-03-19'));
  const body = Buffer.from(sample.body);

  const gateway = createGateway({
    routes: { '/api/v1/namedays': listing },
    apiKeys: new DynamoDbApiKeyRepository(store.client, store.tables.apiKeys),
    logger,
  });
  const bare = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
    response.end(body);
  });
  const inMemory = createGateway({
    routes: { '/api/v1/namedays': makeListingHandler(inMemoryDeps(logger)) },
    apiKeys: { findByHash: () => Promise.resolve({ keyHash: '', id: 'bench', tier: 'paid', status: 'active', createdAt: '' }) },
    logger,
  });
  const [gatewayUrl, inMemoryUrl, bareUrl] = await Promise.all([listen(gateway), listen(inMemory), listen(bare)]);
  const local = await load(gatewayUrl);
  const withoutStore = await load(inMemoryUrl);
  const baseline = await load(bareUrl);
  await Promise.all([close(gateway), close(inMemory), close(bare)]);

  // Where a request's time goes, measured one at a time in-process.
  const plain = localDocumentClient(store.endpoint);
  const keyLookup: number[] = [];
  const handler: number[] = [];
  for (let index = 0; index < 200; index += 1) {
    keyLookup.push(
      await timed(() =>
        plain.send(
          new GetCommand({ TableName: store.tables.apiKeys, Key: { keyHash: hashApiKey(BENCH_KEY) }, ConsistentRead: true }),
        ),
      ),
    );
    handler.push(await timed(() => listing(getEventFor('/api/v1/namedays', 'country=CZ&date=2026-03-19'))));
  }
  plain.destroy();
  await store.close();
  return {
    path: PATH,
    connections: CONNECTIONS,
    durationSeconds: DURATION_SECONDS,
    local,
    withoutStore,
    bare: baseline,
    ratio: round(local.requestsPerSecond / baseline.requestsPerSecond, 3),
    withoutStoreRatio: round(withoutStore.requestsPerSecond / baseline.requestsPerSecond, 3),
    perRequestMs: {
      gatewayKeyLookup: round(percentile(keyLookup, 50)),
      handler: round(percentile(handler, 50)),
    },
  };
};
