import {
  BatchWriteItemCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  paginateScan,
  type AttributeValue,
  type DynamoDBClient,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TableDefinition } from '../lambda/contract';

type Item = Record<string, AttributeValue>;

const scanAll = async (raw: DynamoDBClient, table: string): Promise<Item[]> => {
  const items: Item[] = [];
  for await (const page of paginateScan({ client: raw }, { TableName: table })) items.push(...(page.Items ?? []));
  return items;
};

const writeAll = async (raw: DynamoDBClient, table: string, items: readonly Item[]): Promise<void> => {
  for (let offset = 0; offset < items.length; offset += 25) {
    let requests = items.slice(offset, offset + 25).map((item) => ({ PutRequest: { Item: item } }));
    while (requests.length > 0) {
      const result = await raw.send(new BatchWriteItemCommand({ RequestItems: { [table]: requests } }));
      requests = (result.UnprocessedItems?.[table] ?? []) as typeof requests;
    }
  }
};

/** dynalite deletes and creates tables a moment after it answers: wait until the table is gone, or active. */
const settled = async (raw: DynamoDBClient, table: string, wanted: 'gone' | 'active'): Promise<void> => {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      const { Table } = await raw.send(new DescribeTableCommand({ TableName: table }));
      if (wanted === 'active' && Table?.TableStatus === 'ACTIVE') return;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
      if (wanted === 'gone') return;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`The local table ${table} did not become ${wanted}`);
};

/** The table has exactly the indexes its definition names. */
export const hasIndexesOf = (table: TableDescription, definition: TableDefinition): boolean =>
  JSON.stringify((table.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName).sort()) ===
  JSON.stringify(definition.indexes.map((index) => index.name).sort());

/**
 * dynalite cannot add an index to a table, so a store made before an index existed (the keys' ByOwner)
 * has that table rebuilt: its items saved to a file beside the store, the table made anew, the items
 * written back, the file removed. A start interrupted half-way finds the file and finishes the job.
 */
export const rebuildTable = async (input: {
  raw: DynamoDBClient;
  definition: TableDefinition;
  existing: TableDescription | undefined;
  create: () => Promise<void>;
  directory: string;
}): Promise<void> => {
  const { raw, definition, existing } = input;
  const backup = join(input.directory, `rebuild-${definition.id}.json`);
  const current = existing !== undefined && hasIndexesOf(existing, definition);
  let items: Item[];
  if (existsSync(backup)) {
    items = JSON.parse(readFileSync(backup, 'utf8')) as Item[];
  } else {
    if (current) return;
    items = existing ? await scanAll(raw, definition.id) : [];
    writeFileSync(backup, JSON.stringify(items));
  }
  if (existing && !current) {
    await raw.send(new DeleteTableCommand({ TableName: definition.id }));
    await settled(raw, definition.id, 'gone');
  }
  if (!current) {
    await input.create();
    await settled(raw, definition.id, 'active');
  }
  await writeAll(raw, definition.id, items);
  rmSync(backup, { force: true });
};
