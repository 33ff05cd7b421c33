import type { APIGatewayProxyEvent } from 'aws-lambda';
import { DynamoDbApiKeyRepository } from '../lambda/adapters/dynamodb/dynamodb-api-key-repository';
import { generateApiKey } from '../lambda/core/access/api-keys';
import { KeyAdmin } from '../lambda/core/access/key-admin';
import { systemClock } from '../lambda/adapters/system-clock';
import type { EmbeddedStore } from '../local/embedded-store';
import { proxyEvent } from '../local/proxy-event';

/** A paid key, new for each run, with limits no benchmark reaches: every call is admitted and counted. */
export const BENCH_KEY = generateApiKey();
export const UNLIMITED = { ratePerMinute: 1_000_000_000, freeMonthlyQuota: 1_000_000_000 };

export const provisionBenchKey = async (store: Pick<EmbeddedStore, 'client' | 'tables'>): Promise<void> => {
  await new KeyAdmin(new DynamoDbApiKeyRepository(store.client, store.tables.apiKeys), systemClock).provision(
    BENCH_KEY,
    'paid',
    'bench',
  );
};

export const getEventFor = (resource: string, query: string): APIGatewayProxyEvent =>
  proxyEvent({ method: 'GET', resource, path: resource, query, headers: { 'x-api-key': BENCH_KEY } });
