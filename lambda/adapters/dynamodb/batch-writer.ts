import { ProvisionedThroughputExceededException, RequestLimitExceeded, ThrottlingException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isServerError, isThrottlingError, isTransientError } from '@smithy/core/retry';
import type { Item } from './store-calls';
import { StoreUnavailableError } from '../../core/shared/errors';
import { isStoreUnavailable } from './store-errors';

/** DynamoDB's own limit: at most 25 requests in one BatchWriteItem. */
const BATCH_SIZE = 25;
const PARALLEL_BATCHES = 8;

export type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } };

export interface BackoffPolicy {
  /** Rounds of one batch before the load gives up: each round is the client's own attempts, or unprocessed items. */
  maxRounds: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Injected so tests can wait without waiting. */
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

/**
 * For a bulk load on a brand-new on-demand table, which starts with a few partitions and splits them as
 * the load goes on: throttling is expected and passes, so a batch keeps trying (with growing, jittered
 * pauses, about four minutes in all at most) long after a request would have given up.
 */
export const BULK_LOAD_BACKOFF: BackoffPolicy = {
  maxRounds: 12,
  baseDelayMs: 100,
  maxDelayMs: 20_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};

/** "Full jitter" (AWS Architecture Blog, "Exponential Backoff And Jitter"): a uniform pause up to the exponential cap. */
export const backoffDelay = (policy: BackoffPolicy, round: number): number =>
  Math.floor(policy.random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** round));

const THROTTLING_EXCEPTIONS = [ProvisionedThroughputExceededException, ThrottlingException, RequestLimitExceeded];

/**
 * Worth another round: throttling, a server fault or a transient network failure, as the SDK classifies
 * them for its own retries (it has already retried each as often as the client allows), or whatever the
 * request path answers 503 for (which also knows a network failure the SDK has wrapped in a plain Error).
 */
export const isRetryableWriteFailure = (error: unknown): boolean => {
  if (THROTTLING_EXCEPTIONS.some((exception) => error instanceof exception)) return true;
  if (!(error instanceof Error)) return false;
  const sdkError = error as Parameters<typeof isThrottlingError>[0];
  return isThrottlingError(sdkError) || isTransientError(sdkError) || isServerError(sdkError) || isStoreUnavailable(error);
};

/**
 * Orders the requests so that neighbours fall in different partitions: one from each partition key in
 * turn. Items in key order would put every batch, and the batches written together, on one partition,
 * which DynamoDB throttles first (a day item's partition holds up to a thousand items).
 */
export const spreadAcrossPartitions = (requests: readonly WriteRequest[]): WriteRequest[] => {
  const byPartition = new Map<unknown, WriteRequest[]>();
  for (const request of requests) {
    const key = 'PutRequest' in request ? request.PutRequest.Item : request.DeleteRequest.Key;
    const partition = byPartition.get(key.pk) ?? [];
    partition.push(request);
    byPartition.set(key.pk, partition);
  }
  const queues = [...byPartition.values()];
  const spread: WriteRequest[] = [];
  for (let index = 0; spread.length < requests.length; index += 1)
    for (const queue of queues) if (index < queue.length) spread.push(queue[index] as WriteRequest);
  return spread;
};

const chunk = <T>(values: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(values.length / size) }, (_, index) => values.slice(index * size, index * size + size));

export interface WriteStats {
  written: number;
  /** Rounds that had to be tried again: throttled or failed batches, and batches with unprocessed items. */
  retriedRounds: number;
}

/**
 * Writes requests in batches of 25, several at a time, spread across partitions. A batch that is
 * throttled, fails transiently or comes back with unprocessed items is tried again (only what is left)
 * after an exponential, jittered pause; anything else fails the write at once.
 */
export const writeInBatches = async (
  client: DynamoDBDocumentClient,
  tableName: string,
  requests: WriteRequest[],
  onProgress: (done: number) => void = () => {},
  policy: BackoffPolicy = BULK_LOAD_BACKOFF,
): Promise<WriteStats> => {
  const stats: WriteStats = { written: 0, retriedRounds: 0 };
  const writeBatch = async (batch: WriteRequest[]) => {
    let pending = batch;
    for (let round = 0; pending.length > 0; round += 1) {
      if (round > 0) {
        stats.retriedRounds += 1;
        await policy.sleep(backoffDelay(policy, round));
      }
      const last = round + 1 >= policy.maxRounds;
      try {
        const result = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
        pending = (result.UnprocessedItems?.[tableName] ?? []) as WriteRequest[];
        if (pending.length > 0 && last)
          throw new Error(`${pending.length} writes to ${tableName} still unprocessed after ${policy.maxRounds} rounds`);
      } catch (error) {
        if (last || !isRetryableWriteFailure(error)) {
          if (isStoreUnavailable(error)) throw new StoreUnavailableError(1, { cause: error });
          throw error;
        }
      }
    }
    stats.written += batch.length;
    onProgress(stats.written);
  };
  for (const group of chunk(chunk(spreadAcrossPartitions(requests), BATCH_SIZE), PARALLEL_BATCHES))
    await Promise.all(group.map(writeBatch));
  return stats;
};
