import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { NameOccurrence } from '../../core/names/name-index';
import type { NameIndexReader } from '../../core/names/search-names';
import { decodeOccurrence, nameIndexPartition, type NameIndexItem } from './name-index-items';
import { guardStoreCall } from './store-errors';

/** Reads the name index: one Query on the query's partition, by sort key prefix. */
export class DynamoDbNameIndexRepository implements NameIndexReader {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly onRead: (itemsRead: number) => void = () => {},
  ) {}

  async findByPrefix(folded: string): Promise<NameOccurrence[]> {
    // The forms of one name share prefixes ("mar" reads maria, marie, mary…): decode each occurrence once.
    const encoded = new Set<string>();
    let exclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await guardStoreCall(() =>
        this.client.send(
          new QueryCommand({
            TableName: this.tableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
            ExpressionAttributeValues: { ':pk': nameIndexPartition(folded), ':prefix': folded },
            ProjectionExpression: 'o',
            ExclusiveStartKey: exclusiveStartKey,
          }),
        ),
      );
      this.onRead(page.ScannedCount ?? 0);
      for (const item of (page.Items ?? []) as Array<Pick<NameIndexItem, 'o'>>)
        for (const occurrence of item.o) encoded.add(occurrence);
      exclusiveStartKey = page.LastEvaluatedKey;
    } while (exclusiveStartKey);
    return [...encoded].map(decodeOccurrence);
  }
}
