import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { deployedBuildOptions } from '../lib/constructs/service-function';
import type { EmbeddedStore } from '../local/embedded-store';
import { loadServiceData } from '../lambda/adapters/data-files/service-data';
import { BENCH_KEY } from './fixtures';
import { median, round } from './stats';

const ROOT = join(__dirname, '..');
const FRESH_PROCESSES = 11;

/** Module init time of a bundle: how long `import` takes in a fresh Node process, median of 11. */
const initTime = (file: string): number => {
  const times: number[] = [];
  for (let run = 0; run < FRESH_PROCESSES; run += 1) {
    const result = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const t = performance.now(); await import(${JSON.stringify(file)}); process.stdout.write(String(performance.now() - t));`,
      ],
      { encoding: 'utf8', timeout: 30000 },
    );
    if (result.status !== 0) throw new Error(`importing ${file} failed: ${result.stderr}`);
    times.push(Number(result.stdout));
  }
  return median(times);
};

const COLD_STARTS = 5;

/**
 * The function as it would be without X-Ray capture of its SDK clients: the tracing module replaced by
 * one that hands the client back. Built and started side by side with the real bundle, the pair shows
 * what tracing costs in size and cold start.
 */
const withoutTracing: Plugin = {
  name: 'without-tracing',
  setup(builder) {
    builder.onResolve({ filter: /\/adapters\/aws\/tracing$/ }, () => ({ path: 'untraced', namespace: 'untraced' }));
    builder.onLoad({ filter: /.*/, namespace: 'untraced' }, () => ({
      contents: 'export const traceAwsClient = (client) => client;',
      loader: 'js',
    }));
  },
};

/**
 * What Lambda sets for a traced invocation, so that Powertools Tracer is on and captures the calls as it
 * does in Lambda; the daemon address is a UDP port nobody reads (X-Ray segments are fire-and-forget).
 */
const TRACED_INVOCATION: NodeJS.ProcessEnv = {
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
  AWS_LAMBDA_FUNCTION_NAME: 'bench',
  _X_AMZN_TRACE_ID: 'Root=1-67a1b2c3-0123456789abcdef01234567;Parent=53995c3f42cd8ad8;Sampled=1',
  AWS_XRAY_DAEMON_ADDRESS: '127.0.0.1:2000',
  AWS_XRAY_CONTEXT_MISSING: 'IGNORE_ERROR',
};

/** The environment the stack gives a function, pointed at the benchmark's store. */
const functionEnvironment = (store: EmbeddedStore): NodeJS.ProcessEnv => ({
  ...process.env,
  NAMEDAYS_TABLE: store.tables.namedays,
  NAME_INDEX_TABLE: store.tables.nameIndex,
  API_KEYS_TABLE: store.tables.apiKeys,
  DATA_VERSION: loadServiceData().version,
  NAMEDAY_RATE_LIMIT_PER_MINUTE: '1000000000',
  AWS_ENDPOINT_URL_DYNAMODB: store.endpoint,
  AWS_REGION: 'local',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  LOG_LEVEL: 'SILENT',
  ...TRACED_INVOCATION,
  LAMBDA_TASK_ROOT: tmpdir(),
});

/**
 * Cold start: from spawning a fresh Node process to its first answered request, as a new Lambda
 * execution environment serves it (import the bundle, build the dependencies, load the catalog, count
 * the request and answer). Median of five, asynchronously: the store answers from this process.
 */
const coldStart = async (file: string, store: EmbeddedStore, resource: string, query: string, runs = COLD_STARTS) => {
  const event = {
    resource,
    path: resource,
    httpMethod: 'GET',
    headers: { 'x-api-key': BENCH_KEY },
    queryStringParameters: Object.fromEntries(new URLSearchParams(query)),
    multiValueQueryStringParameters: null,
    requestContext: { requestId: 'bench' },
  };
  const script = `const { handler } = await import(${JSON.stringify(file)}); const r = await handler(${JSON.stringify(event)}, { awsRequestId: 'bench' }); process.stdout.write(String(r.statusCode)); process.exit(0);`;
  const times: number[] = [];
  let status = 0;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30000,
      env: functionEnvironment(store),
    });
    times.push(performance.now() - started);
    status = Number(stdout);
  }
  return { status, ms: median(times) };
};

/**
 * A function's memory with everything it keeps warm: every fixed day of the year (every month of every
 * calendar listed) and the search answers of every two-letter prefix, then the process's resident set.
 */
const warmMemoryMb = async (file: string, store: EmbeddedStore, fn: 'listing' | 'search'): Promise<number> => {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const queries =
    fn === 'listing'
      ? Array.from({ length: 12 }, (_, month) =>
          [0, 365, 730].map((offset) => `month=2026-${String(month + 1).padStart(2, '0')}&limit=365&offset=${offset}`),
        ).flat()
      : [...letters].flatMap((first) => [...letters].map((second) => `q=${first}${second}`));
  const resource = fn === 'listing' ? '/api/v1/namedays' : '/api/search';
  const script = `const { handler } = await import(${JSON.stringify(file)});
for (const query of ${JSON.stringify(queries)}) {
  const r = await handler({ resource: ${JSON.stringify(resource)}, path: ${JSON.stringify(resource)}, httpMethod: 'GET', headers: { 'x-api-key': ${JSON.stringify(BENCH_KEY)} }, queryStringParameters: Object.fromEntries(new URLSearchParams(query)), multiValueQueryStringParameters: null, requestContext: { requestId: 'bench' } }, { awsRequestId: 'bench' });
  if (r.statusCode !== 200) throw new Error(query + ': ' + r.statusCode);
}
globalThis.gc?.();
process.stdout.write(String(process.memoryUsage().rss / 1048576)); process.exit(0);`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 120000,
    env: functionEnvironment(store),
  });
  return round(Number(stdout), 1);
};

/** Each API function bundled as the stack bundles it, against a naive `esbuild --bundle --minify`. */
export const measurePackages = async (store: EmbeddedStore) => {
  const out = mkdtempSync(join(tmpdir(), 'nameday-bench-'));
  const functions = [
    { name: 'listing', resource: '/api/v1/namedays', query: 'country=CZ&date=2026-03-19' },
    { name: 'search', resource: '/api/search', query: 'q=jiri' },
  ];
  const rows = [];
  for (const fn of functions) {
    const entry = join(ROOT, 'lambda', 'entry-points', `${fn.name}-lambda.ts`);
    const ours = join(out, `${fn.name}.mjs`);
    const untraced = join(out, `${fn.name}-untraced.mjs`);
    const naive = join(out, `${fn.name}-naive.cjs`);
    const asDeployed: BuildOptions = deployedBuildOptions(entry);
    await build({ ...asDeployed, outfile: ours });
    await build({ ...asDeployed, outfile: untraced, plugins: [withoutTracing] });
    await build({ entryPoints: [entry], outfile: naive, bundle: true, minify: true, platform: 'node', logLevel: 'error' });
    const oursInit = initTime(ours);
    const naiveInit = initTime(naive);
    // Alternately, so that the machine's drift hits both alike.
    const traced: number[] = [];
    const bare: number[] = [];
    for (let pair = 0; pair < COLD_STARTS; pair += 1) {
      bare.push((await coldStart(untraced, store, fn.resource, fn.query, 1)).ms);
      traced.push((await coldStart(ours, store, fn.resource, fn.query, 1)).ms);
    }
    rows.push({
      function: fn.name,
      bytes: statSync(ours).size,
      naiveBytes: statSync(naive).size,
      initMs: round(oursInit, 2),
      naiveInitMs: round(naiveInit, 2),
      initRatio: round(oursInit / naiveInit, 2),
      ...(await coldStart(ours, store, fn.resource, fn.query).then(({ status, ms }) => ({
        invokedStatus: status,
        coldStartMs: round(ms, 1),
      }))),
      warmMemoryMb: await warmMemoryMb(ours, store, fn.name as 'listing' | 'search'),
      tracing: {
        untracedBytes: statSync(untraced).size,
        tracedColdStartMs: round(median(traced), 1),
        untracedColdStartMs: round(median(bare), 1),
        coldStartGrowthMs: round(median(traced) - median(bare), 1),
      },
    });
  }
  return rows;
};
