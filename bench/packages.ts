import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { API_BUNDLING } from '../lib/constructs/service-function';
import type { EmbeddedStore } from '../local/embedded-store';
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

/**
 * Runs the bundle's handler once in a fresh process, against the benchmark's store: does it work?
 * Asynchronously: the store answers from this process, so this process must not block meanwhile.
 */
const invokeOnce = async (file: string, store: EmbeddedStore, resource: string, query: string): Promise<number> => {
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
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 30000,
    env: {
      ...process.env,
      NAMEDAYS_TABLE: store.tables.namedays,
      NAME_INDEX_TABLE: store.tables.nameIndex,
      API_KEYS_TABLE: store.tables.apiKeys,
      NAMEDAY_RATE_LIMIT_PER_MINUTE: '1000000000',
      AWS_ENDPOINT_URL_DYNAMODB: store.endpoint,
      AWS_REGION: 'local',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      LOG_LEVEL: 'SILENT',
    },
  });
  return Number(stdout);
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
    const naive = join(out, `${fn.name}-naive.cjs`);
    await build({
      entryPoints: [entry],
      outfile: ours,
      bundle: true,
      platform: 'node',
      minify: API_BUNDLING.minify,
      target: API_BUNDLING.target,
      format: API_BUNDLING.format,
      mainFields: [...API_BUNDLING.mainFields],
      banner: { js: API_BUNDLING.banner },
      logLevel: 'error',
    });
    await build({ entryPoints: [entry], outfile: naive, bundle: true, minify: true, platform: 'node', logLevel: 'error' });
    const oursInit = initTime(ours);
    const naiveInit = initTime(naive);
    rows.push({
      function: fn.name,
      bytes: statSync(ours).size,
      naiveBytes: statSync(naive).size,
      initMs: round(oursInit, 2),
      naiveInitMs: round(naiveInit, 2),
      initRatio: round(oursInit / naiveInit, 2),
      invokedStatus: await invokeOnce(ours, store, fn.resource, fn.query),
    });
  }
  return rows;
};
