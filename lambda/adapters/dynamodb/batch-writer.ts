import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Item } from './store-calls';
import { guardStoreCall } from './store-errors';

const BATCH_SIZE = 25;
const PARALLEL_BATCHES = 8;
const MAX_ATTEMPTS = 8;

export type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const chunk = <T>(values: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(values.length / size) }, (_, index) => values.slice(index * size, index * size + size));

/** Writes requests in batches of 25, several at a time, retrying what the store leaves unprocessed. */
export const writeInBatches = async (
  client: DynamoDBDocumentClient,
  tableName: string,
  requests: WriteRequest[],
  onProgress: (done: number) => void = () => {},
): Promise<void> => {
  let done = 0;
  const writeBatch = async (batch: WriteRequest[]) => {
    let pending = batch;
    for (let attempt = 1; pending.length > 0; attempt += 1) {
      if (attempt > MAX_ATTEMPTS) throw new Error(`Batch write still unprocessed after ${MAX_ATTEMPTS} attempts`);
      const result = await guardStoreCall(() => client.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } })));
      pending = (result.UnprocessedItems?.[tableName] ?? []) as WriteRequest[];
      if (pending.length > 0) await sleep(2 ** attempt * 25);
    }
    done += batch.length;
    onProgress(done);
  };
  for (const group of chunk(chunk(requests, BATCH_SIZE), PARALLEL_BATCHES)) await Promise.all(group.map(writeBatch));
};
