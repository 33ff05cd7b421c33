import {
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  ScanCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { CalendarDefinition } from '../../core/calendar';
import { calendarItems, META_KEY } from './calendar-items';

const BATCH_SIZE = 25;
const PARALLEL_BATCHES = 8;
const MAX_ATTEMPTS = 8;

type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

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
  const batches = chunk(requests, BATCH_SIZE);
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
  for (const group of chunk(batches, PARALLEL_BATCHES)) await Promise.all(group.map(writeBatch));
};

/** The data version the table holds, if any. */
export const storedDataVersion = async (client: DynamoDBDocumentClient, tableName: string): Promise<string | undefined> => {
  const result = await client.send(new GetCommand({ TableName: tableName, Key: META_KEY, ConsistentRead: true }));
  return result.Item?.v as string | undefined;
};

export interface ReplaceResult {
  written: number;
  deleted: number;
}

/**
 * Makes the table hold exactly `definitions`: writes every item stamped with `version`, deletes the
 * items of any other version, and records the version last, so that a failure part-way is redone
 * in full by the next run. Idempotent.
 */
export const replaceCalendarData = async (
  client: DynamoDBDocumentClient,
  tableName: string,
  definitions: CalendarDefinition[],
  version: string,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ReplaceResult> => {
  const items = definitions.flatMap((definition) => calendarItems(definition, version));
  await writeAll(
    client,
    tableName,
    items.map((item) => ({ PutRequest: { Item: item as unknown as Record<string, unknown> } })),
    (done) => onProgress(done, items.length),
  );

  const stale: Record<string, unknown>[] = [];
  let exclusiveStartKey: Record<string, unknown> | undefined;
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
  await writeAll(client, tableName, stale.map((key) => ({ DeleteRequest: { Key: key } })), () => {});

  await client.send(
    new PutCommand({ TableName: tableName, Item: { ...META_KEY, v: version, calendars: definitions.length, items: items.length } }),
  );
  return { written: items.length, deleted: stale.length };
};
