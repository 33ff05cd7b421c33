import { build } from 'esbuild';
import { execFile } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { deployedBuildOptions, PROJECT_ROOT } from '../../../lib/constructs/service-function';
import { loadServiceData } from '../../../lambda/adapters/data-files/service-data';
import { DynamoDbApiKeyRepository } from '../../../lambda/adapters/dynamodb/dynamodb-api-key-repository';
import { replaceServiceData } from '../../../lambda/adapters/dynamodb/service-data-writer';
import { systemClock } from '../../../lambda/adapters/system-clock';
import { KeyAdmin } from '../../../lambda/core/access/key-admin';
import { startEmbeddedStore, type EmbeddedStore } from '../../../local/embedded-store';
import { getEvent } from '../../support/events';

/**
 * The listing function's bundle, run as Lambda runs it with active tracing: a trace header in the
 * environment and the X-Ray daemon's address, here a UDP socket of the test's. What the X-Ray SDK sends
 * there is what the trace would show.
 */
const TRACE_ROOT = '1-67a1b2c3-0123456789abcdef01234567';
const data = loadServiceData();
let store: EmbeddedStore;
let daemon: Socket;
const received: Array<Record<string, unknown>> = [];
let bundle: string;
let key: string;

beforeAll(async () => {
  store = await startEmbeddedStore();
  await replaceServiceData(store.client, store.tables, { ...data, definitions: data.definitions.slice(0, 2) });
  key = (await new KeyAdmin(new DynamoDbApiKeyRepository(store.client, store.tables.apiKeys), systemClock).create('paid')).key;
  daemon = createSocket('udp4');
  // Each datagram: a JSON header line, then one segment or subsegment document.
  daemon.on('message', (message) => received.push(JSON.parse(message.toString('utf8').split('\n')[1] ?? '{}')));
  await new Promise<void>((resolve) => daemon.bind(0, '127.0.0.1', resolve));
  bundle = join(mkdtempSync(join(tmpdir(), 'nameday-traced-')), 'index.mjs');
  await build({ ...deployedBuildOptions(join(PROJECT_ROOT, 'lambda', 'entry-points', 'listing-lambda.ts')), outfile: bundle });
}, 120_000);
afterAll(async () => {
  daemon.close();
  await store.close();
});

describe('X-Ray tracing in the deployed bundle', () => {
  it("shows each DynamoDB call of a request in the trace, and every log line carries the trace's id", async () => {
    const event = getEvent('/api/v1/calendars', '', { 'x-api-key': key });
    const script = `const { handler } = await import(${JSON.stringify(pathToFileURL(bundle).href)});
const response = await handler(${JSON.stringify(event)}, { awsRequestId: 'traced' });
console.log(JSON.stringify({ statusCode: response.statusCode }));
await new Promise((resolve) => setTimeout(resolve, 300));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        PATH: process.env.PATH,
        LAMBDA_TASK_ROOT: join(bundle, '..'),
        AWS_EXECUTION_ENV: `AWS_Lambda_nodejs${process.versions.node.split('.')[0]}.x`,
        AWS_LAMBDA_FUNCTION_NAME: 'ListingFunction',
        _X_AMZN_TRACE_ID: `Root=${TRACE_ROOT};Parent=53995c3f42cd8ad8;Sampled=1`,
        AWS_XRAY_DAEMON_ADDRESS: `127.0.0.1:${daemon.address().port}`,
        AWS_XRAY_CONTEXT_MISSING: 'LOG_ERROR',
        POWERTOOLS_SERVICE_NAME: 'nameday-api',
        AWS_ENDPOINT_URL_DYNAMODB: store.endpoint,
        AWS_REGION: 'eu-central-1',
        AWS_ACCESS_KEY_ID: 'local',
        AWS_SECRET_ACCESS_KEY: 'local',
        NAMEDAYS_TABLE: store.tables.namedays,
        NAME_INDEX_TABLE: store.tables.nameIndex,
        API_KEYS_TABLE: store.tables.apiKeys,
        DATA_VERSION: data.version,
      },
    });
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.at(-1)).toEqual({ statusCode: 200 });
    const logLines = lines.slice(0, -1);
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(line.xray_trace_id).toBe(TRACE_ROOT);

    const dynamo = received.filter((segment) => segment.name === 'DynamoDB');
    expect(dynamo.length).toBeGreaterThan(0);
    for (const segment of dynamo) expect(segment.trace_id).toBe(TRACE_ROOT);
    const operations = dynamo.map((segment) => (segment.aws as { operation?: string } | undefined)?.operation);
    // The key's record read and counted, the catalog queried: each one a node of the trace.
    expect(operations).toEqual(expect.arrayContaining(['UpdateItem']));
    expect(operations.some((operation) => operation === 'Query' || operation === 'GetItem')).toBe(true);
  }, 120_000);
});
