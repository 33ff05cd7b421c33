import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../../lambda/adapters/dynamodb/document-client';
import { TABLE_DEFINITIONS } from '../../lambda/adapters/dynamodb/table-definitions';
import type { TableNames } from '../../lambda/adapters/dynamodb/table-names';

export interface SharedStore {
  client: DynamoDBDocumentClient;
  tables: TableNames;
  close(): Promise<void>;
}

/**
 * The dynalite that jest's global setup seeded with the real data. Read it, never write it: every
 * test file shares it. Tests that write start a store of their own.
 */
export const connectSeededStore = (): SharedStore => {
  const endpoint = process.env.NAMEDAY_TEST_STORE_ENDPOINT;
  if (!endpoint) throw new Error('The shared test store is not running: run the tests through jest');
  const client = createDocumentClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  return {
    client,
    tables: {
      namedays: TABLE_DEFINITIONS.namedays.id,
      nameIndex: TABLE_DEFINITIONS.nameIndex.id,
      apiKeys: TABLE_DEFINITIONS.apiKeys.id,
    },
    close: async () => client.destroy(),
  };
};
