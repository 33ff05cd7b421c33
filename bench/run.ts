/**
 * `npm run bench`: measures what users pay for, in one run on this machine, and writes
 * bench/results.json and docs/performance.md. Figures that compare are measured side by side in the
 * same run and quoted as ratios: absolute times on a shared machine drift.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadServiceData } from '../lambda/adapters/data-files/service-data';
import { replaceServiceData } from '../lambda/adapters/dynamodb/service-data-writer';
import { createLogger } from '../lambda/adapters/logger';
import { systemClock } from '../lambda/adapters/system-clock';
import { makeListingHandler } from '../lambda/handlers/listing-handler';
import { makeSearchHandler } from '../lambda/handlers/search-handler';
import { createServiceDeps } from '../lambda/handlers/service-deps';
import { localDocumentClient, type EmbeddedStore } from '../local/embedded-store';
import { startStoreProcess } from './store-process';
import { addSyntheticNames } from '../test/support/synthetic-name-index';
import { getEventFor, provisionBenchKey, UNLIMITED } from './fixtures';
import { measurePackages } from './packages';
import { measureThroughput } from './throughput';
import { costPerMillion } from './cost';
import { measureAdmissionPaths } from './admission-paths';
import { renderReport } from './report';
import type { OperationFigures } from './operation-figures';
import type { BenchResults } from './results';
import { percentile, round, timed } from './stats';
import { recordStoreCalls, replay, writeRanConcurrently, type StoreCall } from './store-recorder';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
/** Rounds over all operations in turn, so that the machine's drift hits every operation alike; the spread across rounds is reported. */
const ROUNDS = 3;
const WARMUP = 20;
const silent = createLogger({ level: 'SILENT' });

interface Service {
  store: EmbeddedStore;
  recorder: ReturnType<typeof recordStoreCalls>;
  bare: ReturnType<typeof localDocumentClient>;
  listing: ReturnType<typeof makeListingHandler>;
  search: ReturnType<typeof makeSearchHandler>;
}

/** `warm`: the service as deployed, data kept in memory; otherwise every request reads the store (the cold path). */
const startService = async (synthetic = 0, warm = true): Promise<Service> => {
  const store = await startStoreProcess();
  const data = loadServiceData();
  await replaceServiceData(store.client, store.tables, data);
  if (synthetic > 0) await addSyntheticNames(store, data, synthetic, { withReal: false });
  await provisionBenchKey(store);
  const recorder = recordStoreCalls(store.client);
  const deps = createServiceDeps({
    dataVersion: data.version,
    client: store.client,
    tables: store.tables,
    clock: systemClock,
    logger: silent,
    limits: UNLIMITED,
    keepDataInMemory: warm,
  });
  return {
    store,
    recorder,
    bare: localDocumentClient(store.endpoint),
    listing: makeListingHandler(deps),
    search: makeSearchHandler(deps),
  };
};

interface Operation {
  name: string;
  handler: 'listing' | 'search';
  resource: string;
  query: string;
}

interface Samples {
  handler: number[];
  bare: number[];
  calls: StoreCall[];
  responseBytes: number;
}

/** Handler and bare replay of its store calls, interleaved so that drift hits both alike. */
const sampleOperation = async (service: Service, operation: Operation): Promise<Samples> => {
  const invoke = () => service[operation.handler](getEventFor(operation.resource, operation.query));
  for (let index = 0; index < WARMUP; index += 1) await invoke();
  service.recorder.take();
  const handlerTimes: number[] = [];
  const bareTimes: number[] = [];
  let calls: StoreCall[] = [];
  let responseBytes = 0;
  for (let index = 0; index < ITERATIONS; index += 1) {
    let body = '';
    handlerTimes.push(await timed(async () => (body = (await invoke()).body)));
    responseBytes = Buffer.byteLength(body);
    calls = service.recorder.take();
    bareTimes.push(await timed(() => replay(service.bare, calls)));
  }
  return { handler: handlerTimes, bare: bareTimes, calls, responseBytes };
};

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Figures over every round's samples, with the spread of the p50 ratio across rounds. */
const figuresOf = (operation: Operation, rounds: readonly Samples[]): OperationFigures => {
  const handlerTimes = rounds.flatMap((round) => round.handler);
  const bareTimes = rounds.flatMap((round) => round.bare);
  const { calls, responseBytes } = rounds[rounds.length - 1] as Samples;
  const roundRatios = rounds.map((samples) => percentile(samples.handler, 50) / percentile(samples.bare, 50));
  const reads = calls.filter((call) => call.command !== 'UpdateCommand');
  const writes = calls.filter((call) => call.command === 'UpdateCommand');
  const handlerP50 = percentile(handlerTimes, 50);
  const bareP50 = percentile(bareTimes, 50);
  return {
    name: operation.name,
    handlerP50: round(handlerP50),
    handlerP99: round(percentile(handlerTimes, 99)),
    bareP50: round(bareP50),
    bareP99: round(percentile(bareTimes, 99)),
    ratioP50: round(handlerP50 / bareP50, 2),
    ratioSpread: [round(Math.min(...roundRatios), 2), round(Math.max(...roundRatios), 2)],
    samples: handlerTimes.length,
    handlerMean: round(mean(handlerTimes)),
    billedMeanMs: round(mean(handlerTimes.map((ms) => Math.max(1, Math.ceil(ms))))),
    reads: reads.length,
    writes: writes.length,
    itemsRead: reads.reduce((sum, call) => sum + call.itemsRead, 0),
    readUnits: reads.reduce((sum, call) => sum + call.capacityUnits, 0),
    writeUnits: writes.reduce((sum, call) => sum + call.capacityUnits, 0),
    writeConcurrent: writeRanConcurrently(calls),
    responseBytes,
  };
};

const measureOperation = async (service: Service, operation: Operation): Promise<OperationFigures> =>
  figuresOf(operation, [await sampleOperation(service, operation)]);

/** The bytes of the one log line a request writes, as the functions write it (the metrics included). */
const requestLogBytes = async (store: EmbeddedStore, dataVersion: string): Promise<number> => {
  const lines: string[] = [];
  const deps = createServiceDeps({
    dataVersion,
    client: store.client,
    tables: store.tables,
    clock: systemClock,
    logger: createLogger({ serviceName: 'nameday-api', write: (line) => void lines.push(line) }),
    limits: UNLIMITED,
  });
  await makeListingHandler(deps)(getEventFor('/api/v1/namedays', 'country=CZ&date=2026-03-19'));
  return Buffer.byteLength(lines.find((line) => line.includes('"message":"request"')) ?? '');
};

/** The code measured: the commit, and whether files other than the report differed from it. */
const measuredCode = () => {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: join(__dirname, '..'), encoding: 'utf8' }).trim();
  const changed = git('status', '--porcelain')
    .split('\n')
    .filter((line) => line && !/(bench\/results\.json|docs\/performance\.md)$/.test(line));
  return { commit: git('rev-parse', '--short', 'HEAD'), uncommittedChanges: changed.length };
};

const main = async () => {
  const startedAt = new Date();
  const log = (line: string) => process.stderr.write(`${line}\n`);
  log('bench: seeding the store');
  const service = await startService();

  const firstPage = JSON.parse((await service.listing(getEventFor('/api/v1/namedays', 'limit=1'))).body) as {
    pagination: { total: number };
  };
  const total = firstPage.pagination.total;
  const operations: Operation[] = [
    { name: 'list one date (CZ)', handler: 'listing', resource: '/api/v1/namedays', query: 'country=CZ&date=2026-03-19' },
    {
      name: 'list a month (all countries, 365)',
      handler: 'listing',
      resource: '/api/v1/namedays',
      query: 'month=2026-03&limit=365',
    },
    {
      name: 'list a deep page (whole year, all countries)',
      handler: 'listing',
      resource: '/api/v1/namedays',
      query: `limit=100&offset=${total - 100}`,
    },
    { name: 'search broad "ma"', handler: 'search', resource: '/api/search', query: 'q=ma' },
    { name: 'search narrow "jiri"', handler: 'search', resource: '/api/search', query: 'q=jiri' },
  ];
  log(`bench: handler overhead and store requests (${ROUNDS} rounds of ${ITERATIONS})`);
  const rounds = operations.map((): Samples[] => []);
  for (let index = 0; index < ROUNDS; index += 1) {
    for (const [position, operation] of operations.entries()) rounds[position]?.push(await sampleOperation(service, operation));
  }
  const overhead = operations.map((operation, position) => figuresOf(operation, rounds[position] ?? []));

  log('bench: offset flatness (data read from the store on every request)');
  const cold = await startService(0, false);
  const first = await measureOperation(cold, {
    name: 'offset 0',
    handler: 'listing',
    resource: '/api/v1/namedays',
    query: 'limit=10&offset=0',
  });
  const last = await measureOperation(cold, {
    name: 'last page',
    handler: 'listing',
    resource: '/api/v1/namedays',
    query: `limit=10&offset=${total - 10}`,
  });

  log('bench: search scaling (an index ten times larger)');
  const large = await startService(9, false);
  const scaling = [];
  for (const query of ['ma', 'jiri']) {
    const operation: Operation = { name: `search "${query}"`, handler: 'search', resource: '/api/search', query: `q=${query}` };
    const real = await measureOperation(cold, operation);
    const big = await measureOperation(large, operation);
    scaling.push({
      query,
      realP50: real.handlerP50,
      largeP50: big.handlerP50,
      ratioP50: round(big.handlerP50 / real.handlerP50, 2),
      realReads: real.reads,
      largeReads: big.reads,
      realItemsRead: real.itemsRead,
      largeItemsRead: big.itemsRead,
    });
  }
  await large.store.close();
  await cold.store.close();

  const logBytes = await requestLogBytes(service.store, loadServiceData().version);

  log('bench: store calls on the way to admission (paid and free keys, warm and cold, feeds)');
  const admissionPaths = await measureAdmissionPaths(service.store);

  log('bench: response size');
  const page = (await service.listing(getEventFor('/api/v1/namedays', 'country=CZ&limit=365'))).body;
  const raw = Buffer.byteLength(page);
  const gzip = gzipSync(page).length;

  log('bench: lambda packages');
  const packages = await measurePackages(service.store);

  log('bench: local server throughput');
  const throughput = await measureThroughput();

  await service.store.close();
  const results: BenchResults = {
    date: startedAt.toISOString(),
    code: measuredCode(),
    machine: {
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      memoryGiB: round(totalmem() / 2 ** 30, 1),
      node: process.version,
    },
    iterations: ITERATIONS,
    rounds: ROUNDS,
    overhead,
    offsetFlatness: {
      total,
      first: { itemsRead: first.itemsRead, p50: first.handlerP50 },
      last: { itemsRead: last.itemsRead, p50: last.handlerP50 },
      latencyRatio: round(last.handlerP50 / first.handlerP50, 2),
    },
    scaling,
    responseSize: { entries: 365, raw, gzip, ratio: round(gzip / raw, 3) },
    packages,
    throughput,
    cost: costPerMillion(overhead, logBytes),
    admissionPaths,
  };
  writeFileSync(join(__dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(__dirname, '..', 'docs', 'performance.md'), renderReport(results));
  log(`bench: done in ${round((Date.now() - startedAt.getTime()) / 1000, 1)} s; see docs/performance.md`);
};

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
