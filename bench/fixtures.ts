import type { APIGatewayProxyEvent } from 'aws-lambda';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ServiceData } from '../lambda/adapters/data-files/service-data';
import { DynamoDbApiKeyRepository } from '../lambda/adapters/dynamodb/dynamodb-api-key-repository';
import { nameIndexItems } from '../lambda/adapters/dynamodb/name-index-items';
import { buildNameIndex, type NameOccurrence } from '../lambda/core/names/name-index';
import { NameGroups } from '../lambda/core/names/name-groups';
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

/**
 * Random tokens spread over every partition of the name index, `times` as many as the real index has,
 * none equal to a real one: an index that many times larger, for scaling measurements.
 */
export const syntheticNameIndex = (real: ReadonlyMap<string, unknown>, times: number): Map<string, NameOccurrence[]> => {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const synthetic = new Map<string, NameOccurrence[]>();
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  while (synthetic.size < real.size * times) {
    const length = 4 + Math.floor(random() * 8);
    const token = Array.from({ length }, () => letters[Math.floor(random() * 26)]).join('');
    if (!real.has(token)) synthetic.set(token, [{ slug: 'synthetic', ref: 'f:01-01', name: token, nameEn: null }]);
  }
  return synthetic;
};

/** Adds `times` × the real index in synthetic names to a store's name index. */
export const addSyntheticNames = async (
  store: Pick<EmbeddedStore, 'client' | 'tables'>,
  data: ServiceData,
  times: number,
): Promise<void> => {
  const real = buildNameIndex(data.definitions, new NameGroups(data.groups));
  const items = nameIndexItems(syntheticNameIndex(real, times), data.version);
  const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, index) => items.slice(index * 25, index * 25 + 25));
  for (let start = 0; start < batches.length; start += 8) {
    await Promise.all(
      batches.slice(start, start + 8).map((batch) =>
        store.client.send(
          new BatchWriteCommand({
            RequestItems: { [store.tables.nameIndex]: batch.map((item) => ({ PutRequest: { Item: item } })) },
          }),
        ),
      ),
    );
  }
};
