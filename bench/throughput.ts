import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDbApiKeyRepository } from '../lambda/adapters/dynamodb/dynamodb-api-key-repository';
import { systemClock } from '../lambda/adapters/system-clock';
import { Admission } from '../lambda/core/access/admission';
import { startEmbeddedStore } from '../local/embedded-store';
import { BENCH_KEY, provisionBenchKey, UNLIMITED } from './fixtures';
import { median, round } from './stats';

const ONE_DATE = '/api/v1/namedays?country=CZ&date=2026-03-19';
const PAGE_365 = '/api/v1/namedays?month=2026-03&limit=365';
const DURATION_SECONDS = 3;
const CONNECTIONS = 10;
const ROUNDS = 3;
const ROOT = join(__dirname, '..');

/** The local server's figures before this benchmark's changes (docs/performance.md of that run): requests/s ÷ the bare server's. */
export const PREVIOUS_LOCAL_RATIO = 0.0044;

/** Starts a child process and resolves with the first URL it prints. */
const startProcess = (args: string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (url) resolve({ child, url });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`process exited with ${code}: ${output}`)));
  });

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** A bare node:http server in a process of its own, answering every request with `body`. */
const BARE_SERVER = `const body = Buffer.from(process.env.BODY); require('node:http').createServer((q, s) => { q.resume(); s.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length }); s.end(body); }).listen(0, '127.0.0.1', function () { console.log('http://127.0.0.1:' + this.address().port); });`;

const load = async (url: string, path: string) => {
  const result = await autocannon({
    url: `${url}${path}`,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: { 'x-api-key': BENCH_KEY },
  });
  return { requestsPerSecond: result.requests.average, latencyP50Ms: result.latency.p50, non2xx: result.non2xx };
};

/**
 * The store alone: the request's one store call, the counter write, from as many concurrent clients as
 * the load has connections, against dynalite on disk in this process (as the server has it in its own).
 */
const storeWriteRate = async (): Promise<number> => {
  const dir = mkdtempSync(join(tmpdir(), 'nameday-bench-store-'));
  const store = await startEmbeddedStore({ path: dir });
  try {
    await provisionBenchKey(store);
    const admission = new Admission(new DynamoDbApiKeyRepository(store.client, store.tables.apiKeys), UNLIMITED, systemClock);
    const deadline = performance.now() + DURATION_SECONDS * 1000;
    let writes = 0;
    const worker = async () => {
      while (performance.now() < deadline) {
        await admission.admit(BENCH_KEY);
        writes += 1;
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    return writes / DURATION_SECONDS;
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

const spread = (values: number[]) => ({
  median: round(median(values), 1),
  min: round(Math.min(...values), 1),
  max: round(Math.max(...values), 1),
});

/**
 * The local server as `npm start` runs it (its own process, dynalite inside it, the store on disk)
 * against a bare node:http server in a process of its own returning the same bytes, both loaded by
 * autocannon from this process; interleaved rounds, the spread reported.
 */
export const measureThroughput = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'nameday-bench-server-'));
  const server = await startProcess(['--import', 'tsx', 'bin/local-server.ts'], {
    PORT: '0',
    NAMEDAY_DATA_DIR: dataDir,
    NAMEDAY_KEYS: `paid:${BENCH_KEY}`,
    NAMEDAY_RATE_LIMIT_PER_MINUTE: String(UNLIMITED.ratePerMinute),
    NAMEDAY_FREE_MONTHLY_QUOTA: String(UNLIMITED.freeMonthlyQuota),
    LOG_LEVEL: 'SILENT',
  });
  const body = await (await fetch(`${server.url}${ONE_DATE}`, { headers: { 'x-api-key': BENCH_KEY } })).text();
  const bare = await startProcess(['-e', BARE_SERVER], { BODY: body });
  const local: Array<Awaited<ReturnType<typeof load>>> = [];
  const page: Array<Awaited<ReturnType<typeof load>>> = [];
  const baseline: Array<Awaited<ReturnType<typeof load>>> = [];
  try {
    for (let index = 0; index < ROUNDS; index += 1) {
      local.push(await load(server.url, ONE_DATE));
      baseline.push(await load(bare.url, ONE_DATE));
      page.push(await load(server.url, PAGE_365));
    }
  } finally {
    await Promise.all([stop(server.child), stop(bare.child)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const writeRates: number[] = [];
  for (let index = 0; index < ROUNDS; index += 1) writeRates.push(await storeWriteRate());
  const ratios = local.map((run, index) => run.requestsPerSecond / (baseline[index]?.requestsPerSecond ?? Number.NaN));
  const latencyRatios = page.map((run, index) => run.latencyP50Ms / Math.max(0.5, local[index]?.latencyP50Ms ?? Number.NaN));
  return {
    connections: CONNECTIONS,
    durationSeconds: DURATION_SECONDS,
    rounds: ROUNDS,
    localRps: spread(local.map((run) => run.requestsPerSecond)),
    bareRps: spread(baseline.map((run) => run.requestsPerSecond)),
    pageRps: spread(page.map((run) => run.requestsPerSecond)),
    localLatencyP50Ms: spread(local.map((run) => run.latencyP50Ms)),
    pageLatencyP50Ms: spread(page.map((run) => run.latencyP50Ms)),
    storeWriteRate: spread(writeRates),
    rateOfStoreWrites: round(median(local.map((run) => run.requestsPerSecond)) / median(writeRates), 2),
    non2xx: [...local, ...page].reduce((sum, run) => sum + run.non2xx, 0),
    ratio: { median: round(median(ratios), 4), min: round(Math.min(...ratios), 4), max: round(Math.max(...ratios), 4) },
    gainOverPrevious: round(median(ratios) / PREVIOUS_LOCAL_RATIO, 1),
    pageLatencyRatio: {
      median: round(median(latencyRatios), 2),
      min: round(Math.min(...latencyRatios), 2),
      max: round(Math.max(...latencyRatios), 2),
    },
  };
};
