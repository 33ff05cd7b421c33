import {
  CreateTableCommand,
  DescribeTableCommand,
  UpdateTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import dynalite from 'dynalite';
import type { AddressInfo } from 'node:net';
import { createDocumentClient } from '../lambda/adapters/dynamodb/document-client';
import { TABLE_DEFINITIONS, type TableDefinition } from '../lambda/contract';
import { checkStoreOpens, claimStoreDirectory } from './store-directory';
import type { AllTableNames } from '../lambda/adapters/dynamodb/table-names';

export interface EmbeddedStore {
  endpoint: string;
  client: DynamoDBDocumentClient;
  tables: AllTableNames;
  close(): Promise<void>;
}

/**
 * Fixed local credentials: the SDK must never look for an AWS account on this host. The embedded
 * store shares the process (and in tests the machine) with the work it serves, so its calls get more
 * time than DynamoDB's do before they count as a stalled store.
 */
export const LOCAL_CLIENT_CONFIG = {
  region: 'local',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  requestHandler: { connectionTimeout: 5000, requestTimeout: 30000 },
};

/** The tables' names in a local store: each table's construct id. */
export const LOCAL_TABLE_NAMES: AllTableNames = {
  namedays: TABLE_DEFINITIONS.namedays.id,
  nameIndex: TABLE_DEFINITIONS.nameIndex.id,
  apiKeys: TABLE_DEFINITIONS.apiKeys.id,
};

/** A document client on a local store already running at `endpoint`. */
export const localDocumentClient = (endpoint: string): DynamoDBDocumentClient =>
  createDocumentClient({ ...LOCAL_CLIENT_CONFIG, endpoint });

const indexSchema = (index: TableDefinition['indexes'][number]) => ({
  IndexName: index.name,
  KeySchema: [
    { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
    ...(index.sortKey ? [{ AttributeName: index.sortKey, KeyType: 'RANGE' as const }] : []),
  ],
  Projection: { ProjectionType: 'ALL' as const },
});

const attributesOf = (names: ReadonlyArray<string | undefined>) =>
  [...new Set(names.filter((name): name is string => name !== undefined))].map((name) => ({
    AttributeName: name,
    AttributeType: 'S' as const,
  }));

/** A store made by an older version gains the indexes added since (the keys' ByOwner). */
const addMissingIndexes = async (raw: DynamoDBClient, definition: TableDefinition, existing: readonly string[]) => {
  for (const index of definition.indexes.filter((candidate) => !existing.includes(candidate.name))) {
    await raw.send(
      new UpdateTableCommand({
        TableName: definition.id,
        AttributeDefinitions: attributesOf([index.partitionKey, index.sortKey]),
        GlobalSecondaryIndexUpdates: [{ Create: indexSchema(index) }],
      }),
    );
  }
};

const createTableIfMissing = async (raw: DynamoDBClient, definition: TableDefinition): Promise<void> => {
  try {
    const { Table } = await raw.send(new DescribeTableCommand({ TableName: definition.id }));
    await addMissingIndexes(
      raw,
      definition,
      (Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName ?? ''),
    );
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await raw.send(
    new CreateTableCommand({
      TableName: definition.id,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attributesOf([
        definition.partitionKey,
        definition.sortKey,
        ...definition.indexes.flatMap((index) => [index.partitionKey, index.sortKey]),
      ]),
      KeySchema: [
        { AttributeName: definition.partitionKey, KeyType: 'HASH' },
        ...(definition.sortKey ? [{ AttributeName: definition.sortKey, KeyType: 'RANGE' as const }] : []),
      ],
      ...(definition.indexes.length > 0 && { GlobalSecondaryIndexes: definition.indexes.map(indexSchema) }),
    }),
  );
};

/**
 * Starts dynalite in this process with the stack's table definitions. With a `path` the store
 * persists there (an empty directory is a fresh store); without one it lives in memory.
 */
export const startEmbeddedStore = async (options: { path?: string } = {}): Promise<EmbeddedStore> => {
  const release = options.path ? claimStoreDirectory(options.path) : () => {};
  try {
    if (options.path) await checkStoreOpens(options.path);
    const server = dynalite({ path: options.path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const raw = new DynamoDBClient({ ...LOCAL_CLIENT_CONFIG, endpoint });
    const definitions = Object.values(TABLE_DEFINITIONS) as TableDefinition[];
    for (const definition of definitions) await createTableIfMissing(raw, definition);
    raw.destroy();

    const client = localDocumentClient(endpoint);
    return {
      endpoint,
      client,
      tables: LOCAL_TABLE_NAMES,
      close: async () => {
        client.destroy();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
};
