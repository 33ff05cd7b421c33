import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface StoreCall {
  command: string;
  input: Record<string, unknown>;
  started: number;
  ended: number;
  itemsRead: number;
  capacityUnits: number;
  /** A conditional write whose condition did not hold. */
  refused?: boolean;
}

const REPLAYABLE = { QueryCommand, GetCommand, UpdateCommand } as const;

/**
 * Records every request a document client sends: which command, when, what it read and what it
 * consumed, so a benchmark can count requests per call and replay them bare.
 */
export const recordStoreCalls = (client: DynamoDBDocumentClient) => {
  let calls: StoreCall[] = [];
  const send = client.send.bind(client) as (command: unknown) => Promise<Record<string, unknown>>;
  (client as unknown as { send: unknown }).send = async (command: {
    constructor: { name: string };
    input: Record<string, unknown>;
  }) => {
    command.input.ReturnConsumedCapacity = 'TOTAL';
    const started = performance.now();
    let output: Record<string, unknown>;
    try {
      output = await send(command);
    } catch (error) {
      // A refused conditional write is a request too, billed as a write of the item.
      if ((error as { name?: string }).name === 'ConditionalCheckFailedException') {
        calls.push({
          command: command.constructor.name,
          input: { ...command.input },
          started,
          ended: performance.now(),
          itemsRead: 0,
          capacityUnits: 1,
          refused: true,
        });
      }
      throw error;
    }
    const consumed = output.ConsumedCapacity as { CapacityUnits?: number } | undefined;
    calls.push({
      command: command.constructor.name,
      input: { ...command.input },
      started,
      ended: performance.now(),
      itemsRead: (output.ScannedCount as number | undefined) ?? (output.Item || output.Attributes ? 1 : 0),
      capacityUnits: consumed?.CapacityUnits ?? 0,
    });
    return output;
  };
  return {
    /** The calls since the last take, and a fresh record. */
    take: (): StoreCall[] => {
      const taken = calls;
      calls = [];
      return taken;
    },
  };
};

/** Sends the same requests again with a plain client, all at once as the handler issued them. */
export const replay = (client: DynamoDBDocumentClient, calls: readonly StoreCall[]): Promise<unknown> =>
  Promise.all(
    calls.map((call) => {
      const Command = REPLAYABLE[call.command as keyof typeof REPLAYABLE];
      if (!Command) throw new Error(`Cannot replay ${call.command}`);
      // A replayed counter write may meet a window that has moved on; a refused write costs the same trip.
      return (client.send(new Command(call.input as never) as never) as Promise<unknown>).catch((error: { name?: string }) => {
        if (error.name !== 'ConditionalCheckFailedException') throw error;
      });
    }),
  );

/** Whether the request pipeline's counter write overlapped its reads in time. */
export const writeRanConcurrently = (calls: readonly StoreCall[]): boolean => {
  const write = calls.find((call) => call.command === 'UpdateCommand');
  const reads = calls.filter((call) => call.command === 'QueryCommand');
  return !!write && reads.length > 0 && reads.every((read) => write.started < read.ended && read.started < write.ended);
};
