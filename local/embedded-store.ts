import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import { rebuildTable } from './table-rebuild';
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

const describeTable = async (raw: DynamoDBClient, name: string): Promise<TableDescription | undefined> => {
  try {
    return (await raw.send(new DescribeTableCommand({ TableName: name }))).Table;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
};

/** The table as its definition says; a persisted store made by an older version is brought up to date. */
const ensureTable = async (raw: DynamoDBClient, definition: TableDefinition, directory?: string): Promise<void> => {
  const existing = await describeTable(raw, definition.id);
  const create = () => createTable(raw, definition);
  if (directory) return rebuildTable({ raw, definition, existing, create, directory });
  if (!existing) await create();
};

const createTable = async (raw: DynamoDBClient, definition: TableDefinition): Promise<void> => {
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
    for (const definition of definitions) await ensureTable(raw, definition, options.path);
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
