import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { loadServiceData } from '../../../lambda/adapters/data-files/service-data';
import { DynamoDbApiKeyRepository } from '../../../lambda/adapters/dynamodb/dynamodb-api-key-repository';
import { replaceServiceData } from '../../../lambda/adapters/dynamodb/service-data-writer';
import { systemClock } from '../../../lambda/adapters/system-clock';
import { KeyAdmin } from '../../../lambda/core/access/key-admin';
import { startEmbeddedStore, type EmbeddedStore } from '../../../local/embedded-store';
import { getEvent } from '../../support/events';

type Entry = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

const data = loadServiceData();
const context = { awsRequestId: 'entry-point-test' } as Context;
let store: EmbeddedStore;
let key: string;
let environment: NodeJS.ProcessEnv;

/** The environment the stack gives a function, pointed at the test store through the SDK's own endpoint variable. */
const functionEnvironment = (): NodeJS.ProcessEnv => ({
  ...environment,
  AWS_ENDPOINT_URL_DYNAMODB: store.endpoint,
  AWS_REGION: 'local',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  NAMEDAYS_TABLE: store.tables.namedays,
  NAME_INDEX_TABLE: store.tables.nameIndex,
  API_KEYS_TABLE: store.tables.apiKeys,
  DATA_VERSION: data.version,
  LOG_LEVEL: 'SILENT',
});

/** Loads an entry file afresh, as a new Lambda execution environment would, with `env` as its environment. */
const freshEntry = (file: 'listing-lambda' | 'search-lambda', env: NodeJS.ProcessEnv): Entry => {
  process.env = env;
  let entry: Entry | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh module registry needs a synchronous require
    entry = (require(`../../../lambda/entry-points/${file}`) as { handler: Entry }).handler;
  });
  return entry as Entry;
};

/** Lambda reports a handler's synchronous throw and its rejection alike: both are a failed invocation. */
const invoke = (handler: Entry, event: APIGatewayProxyEvent) => Promise.resolve().then(() => handler(event, context));

beforeAll(async () => {
  environment = process.env;
  store = await startEmbeddedStore();
  // Four calendars are all these tests read: a fraction of the real data's writes.
  await replaceServiceData(store.client, store.tables, { ...data, definitions: data.definitions.slice(0, 4) });
  key = (await new KeyAdmin(new DynamoDbApiKeyRepository(store.client, store.tables.apiKeys), systemClock).create('paid')).key;
});
afterEach(() => {
  process.env = environment;
});
afterAll(() => store.close());

describe('the Lambda entry points', () => {
  it('answers a listing through the listing function as deployed', async () => {
    const handler = freshEntry('listing-lambda', functionEnvironment());
    const response = await handler(getEvent('/api/v1/calendars', '', { 'x-api-key': key }), context);
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({ 'X-RateLimit-Limit': '60' });
  });

  it('answers a search through the search function as deployed', async () => {
    const handler = freshEntry('search-lambda', functionEnvironment());
    const response = await handler(getEvent('/api/search', 'q=ma', { 'x-api-key': key }), context);
    expect(response.statusCode).toBe(200);
    expect((JSON.parse(response.body) as { results: unknown[] }).results.length).toBeGreaterThan(0);
  });

  it.each([
    ['NAMEDAY_RATE_LIMIT_PER_MINUTE', 'sixty', 'NAMEDAY_RATE_LIMIT_PER_MINUTE must be a positive integer'],
    ['NAMEDAY_FREE_MONTHLY_QUOTA', '0', 'NAMEDAY_FREE_MONTHLY_QUOTA must be a positive integer'],
    ['DATA_VERSION', '', 'Missing environment variable DATA_VERSION'],
    ['NAMEDAYS_TABLE', '', 'Missing environment variable NAMEDAYS_TABLE'],
  ])('fails at start with a clear message when %s is %j', async (name, value, message) => {
    const handler = freshEntry('listing-lambda', { ...functionEnvironment(), [name]: value });
    await expect(invoke(handler, getEvent('/api/v1/calendars', '', { 'x-api-key': key }))).rejects.toThrow(message);
  });

  it('does not need the name index table in the listing function', async () => {
    const handler = freshEntry('listing-lambda', { ...functionEnvironment(), NAME_INDEX_TABLE: '' });
    expect((await handler(getEvent('/api/v1/calendars', '', { 'x-api-key': key }), context)).statusCode).toBe(200);
  });

  it('fails at start without the name index table in the search function', async () => {
    const handler = freshEntry('search-lambda', { ...functionEnvironment(), NAME_INDEX_TABLE: '' });
    await expect(invoke(handler, getEvent('/api/search', 'q=ma', { 'x-api-key': key }))).rejects.toThrow(
      'Missing environment variable NAME_INDEX_TABLE',
    );
  });
});
