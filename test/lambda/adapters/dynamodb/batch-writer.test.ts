import { DynamoDBClient, ThrottlingException, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import {
  backoffDelay,
  BULK_LOAD_BACKOFF,
  spreadAcrossPartitions,
  writeInBatches,
  type BackoffPolicy,
  type WriteRequest,
} from '../../../../lambda/adapters/dynamodb/batch-writer';

const put = (pk: string, sk: string): WriteRequest => ({ PutRequest: { Item: { pk, sk } } });
const throttled = () => new ThrottlingException({ message: 'Rate of requests exceeds the allowed throughput.', $metadata: {} });

/** The bulk-load policy without the waiting: the pauses it asks for are recorded instead. */
const recordingPolicy = (): BackoffPolicy & { pauses: number[] } => {
  const pauses: number[] = [];
  return { ...BULK_LOAD_BACKOFF, random: () => 0.5, sleep: (ms) => (pauses.push(ms), Promise.resolve()), pauses };
};

const dynamo = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
afterEach(() => dynamo.reset());

describe('the bulk-load batch writer', () => {
  it('writes neighbours to different partitions: one item of each partition key in turn', () => {
    const requests = [put('a', '1'), put('a', '2'), put('a', '3'), put('b', '1'), put('b', '2'), put('c', '1')];
    const order = spreadAcrossPartitions(requests).map((request) => 'PutRequest' in request && request.PutRequest.Item.pk);
    expect(order).toEqual(['a', 'b', 'c', 'a', 'b', 'a']);
  });

  it('pauses with full jitter under an exponential cap', () => {
    const policy = { ...BULK_LOAD_BACKOFF, random: () => 0.999 };
    expect(backoffDelay(policy, 1)).toBeLessThan(200);
    expect(backoffDelay(policy, 4)).toBeLessThan(1600);
    expect(backoffDelay(policy, 4)).toBeGreaterThan(1500);
    expect(backoffDelay(policy, 11)).toBeLessThan(20_000);
    expect(backoffDelay({ ...policy, random: () => 0 }, 11)).toBe(0);
  });

  it('writes again only the items the store left unprocessed, after a growing pause', async () => {
    const batch = [put('a', '1'), put('b', '1'), put('c', '1')];
    dynamo
      .on(BatchWriteCommand)
      .resolvesOnce({ UnprocessedItems: { T: [batch[1] as never, batch[2] as never] } })
      .resolvesOnce({ UnprocessedItems: { T: [batch[2] as never] } })
      .resolves({});
    const policy = recordingPolicy();
    const stats = await writeInBatches(client, 'T', batch, () => {}, policy);
    const sent = dynamo.commandCalls(BatchWriteCommand).map((call) => call.args[0].input.RequestItems?.T?.length);
    expect(sent).toEqual([3, 2, 1]);
    expect(stats).toEqual({ written: 3, retriedRounds: 2 });
    expect(policy.pauses).toEqual([100, 200]);
  });

  it('tries a throttled batch again, after the client has used its own attempts', async () => {
    dynamo.on(BatchWriteCommand).rejectsOnce(throttled()).rejectsOnce(throttled()).resolves({});
    const stats = await writeInBatches(client, 'T', [put('a', '1')], () => {}, recordingPolicy());
    expect(stats).toEqual({ written: 1, retriedRounds: 2 });
  });

  it('gives up after the last round, and at once on an error that another try cannot cure', async () => {
    dynamo.on(BatchWriteCommand).rejects(throttled());
    const policy = recordingPolicy();
    await expect(writeInBatches(client, 'T', [put('a', '1')], () => {}, policy)).rejects.toThrow();
    expect(dynamo.commandCalls(BatchWriteCommand)).toHaveLength(BULK_LOAD_BACKOFF.maxRounds);

    dynamo.reset();
    dynamo
      .on(BatchWriteCommand)
      .rejects(new ResourceNotFoundException({ message: 'Requested resource not found', $metadata: {} }));
    await expect(writeInBatches(client, 'T', [put('a', '1')], () => {}, recordingPolicy())).rejects.toThrow(
      ResourceNotFoundException,
    );
    expect(dynamo.commandCalls(BatchWriteCommand)).toHaveLength(1);
  });
});
