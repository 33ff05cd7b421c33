import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { NameOccurrence } from '../../core/names/name-index';
import type { NameIndexReader } from '../../core/names/search-names';
import { decodeOccurrence, nameIndexPartition, type NameIndexItem } from './name-index-items';
import { allItems } from './store-calls';

/** Reads the name index: one Query on the query's partition, by sort key prefix. */
export class DynamoDbNameIndexRepository implements NameIndexReader {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    /** The data version this process serves. */
    private readonly dataVersion: string,
    private readonly onRead: (itemsRead: number) => void = () => {},
  ) {}

  async findByPrefix(folded: string): Promise<NameOccurrence[]> {
    const items = await allItems(
      this.client,
      {
        query: {
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': nameIndexPartition(this.dataVersion, folded), ':prefix': folded },
          ProjectionExpression: 'o',
        },
      },
      this.onRead,
    );
    // The forms of one name share prefixes ("mar" reads maria, marie, mary…): decode each occurrence once.
    const encoded = new Set((items as Array<Pick<NameIndexItem, 'o'>>).flatMap((item) => item.o));
    return [...encoded].map(decodeOccurrence);
  }
}
