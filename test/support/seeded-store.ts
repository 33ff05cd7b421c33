import { loadServiceData } from '../../lambda/adapters/data-files/service-data';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AllTableNames } from '../../lambda/adapters/dynamodb/table-names';
import { LOCAL_TABLE_NAMES, localDocumentClient } from '../../local/embedded-store';

export interface SharedStore {
  client: DynamoDBDocumentClient;
  tables: AllTableNames;
  /** The data version the store was seeded with: the one every reader of it serves. */
  dataVersion: string;
  close(): Promise<void>;
}

/**
 * The dynalite that jest's global setup seeded with the real data. Read it, never write it: every
 * test file shares it. Tests that write start a store of their own.
 */
export const connectSeededStore = (): SharedStore => {
  const endpoint = process.env.NAMEDAY_TEST_STORE_ENDPOINT;
  if (!endpoint) throw new Error('The shared test store is not running: run the tests through jest');
  const client = localDocumentClient(endpoint);
  return { client, tables: LOCAL_TABLE_NAMES, dataVersion: loadServiceData().version, close: async () => client.destroy() };
};
