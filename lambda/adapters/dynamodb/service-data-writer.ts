import { BatchWriteCommand, GetCommand, PutCommand, ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CalendarDefinition } from '../../core/calendar/calendar';
import { buildNameIndex } from '../../core/names/name-index';
import { NameGroups, type NameGroup } from '../../core/names/name-groups';
import { calendarItems, META_KEY } from './calendar-items';
import { nameIndexItems } from './name-index-items';

const BATCH_SIZE = 25;
const PARALLEL_BATCHES = 8;
const MAX_ATTEMPTS = 8;

type Item = Record<string, unknown>;
type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const chunk = <T>(values: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(values.length / size) }, (_, index) => values.slice(index * size, index * size + size));

/** Writes requests in batches, several at a time, retrying what the store leaves unprocessed. */
const writeAll = async (
  client: DynamoDBDocumentClient,
  tableName: string,
  requests: WriteRequest[],
  onProgress: (done: number) => void,
): Promise<void> => {
  let done = 0;
  const writeBatch = async (batch: WriteRequest[]) => {
    let pending = batch;
    for (let attempt = 1; pending.length > 0; attempt += 1) {
      if (attempt > MAX_ATTEMPTS) throw new Error(`Batch write still unprocessed after ${MAX_ATTEMPTS} attempts`);
      const result = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = (result.UnprocessedItems?.[tableName] ?? []) as WriteRequest[];
      if (pending.length > 0) await sleep(2 ** attempt * 25);
    }
    done += batch.length;
    onProgress(done);
  };
  for (const group of chunk(chunk(requests, BATCH_SIZE), PARALLEL_BATCHES)) await Promise.all(group.map(writeBatch));
};

/** Keys of every item not stamped with `version`, the meta item excepted. */
const staleKeys = async (client: DynamoDBDocumentClient, tableName: string, version: string): Promise<Item[]> => {
  const stale: Item[] = [];
  let exclusiveStartKey: Item | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: tableName,
        ProjectionExpression: 'pk, sk',
        FilterExpression: 'attribute_not_exists(v) OR v <> :v',
        ExpressionAttributeValues: { ':v': version },
        ExclusiveStartKey: exclusiveStartKey,
      }),
    );
    stale.push(...(page.Items ?? []).filter((key) => key.pk !== META_KEY.pk));
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey);
  return stale;
};

/** Makes a table hold exactly `items`: writes them all, then deletes every item of another version. */
const replaceItems = async (
  client: DynamoDBDocumentClient,
  tableName: string,
  items: Item[],
  version: string,
  onProgress: (done: number) => void,
): Promise<{ written: number; deleted: number }> => {
  await writeAll(
    client,
    tableName,
    items.map((item) => ({ PutRequest: { Item: item } })),
    onProgress,
  );
  const stale = await staleKeys(client, tableName, version);
  await writeAll(
    client,
    tableName,
    stale.map((key) => ({ DeleteRequest: { Key: key } })),
    () => {},
  );
  return { written: items.length, deleted: stale.length };
};

/** The data version the name days table holds, if any. */
export const storedDataVersion = async (client: DynamoDBDocumentClient, tableName: string): Promise<string | undefined> => {
  const result = await client.send(new GetCommand({ TableName: tableName, Key: META_KEY, ConsistentRead: true }));
  return result.Item?.v as string | undefined;
};

export interface ServiceDataTables {
  namedays: string;
  nameIndex: string;
}

export interface ReplaceResult {
  written: number;
  deleted: number;
}

/**
 * Makes the tables hold exactly this data: the calendars and the name index built from them, each
 * item stamped with `version`; items of any other version are deleted, and the version is recorded
 * last, so that a failure part-way is redone in full by the next run. Idempotent.
 */
export const replaceServiceData = async (
  client: DynamoDBDocumentClient,
  tables: ServiceDataTables,
  data: { definitions: CalendarDefinition[]; groups: NameGroup[]; version: string },
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ReplaceResult> => {
  const days = data.definitions.flatMap((definition) => calendarItems(definition, data.version)) as unknown as Item[];
  const index = nameIndexItems(buildNameIndex(data.definitions, new NameGroups(data.groups)), data.version) as unknown as Item[];
  const total = days.length + index.length;
  const calendars = await replaceItems(client, tables.namedays, days, data.version, (done) => onProgress(done, total));
  const names = await replaceItems(client, tables.nameIndex, index, data.version, (done) =>
    onProgress(days.length + done, total),
  );
  await client.send(
    new PutCommand({
      TableName: tables.namedays,
      Item: { ...META_KEY, v: data.version, calendars: data.definitions.length, items: days.length, indexItems: index.length },
    }),
  );
  return { written: calendars.written + names.written, deleted: calendars.deleted + names.deleted };
};
