import {
  QueryCommand,
  ScanCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
  type ScanCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { guardStoreCall } from './store-errors';

export type Item = Record<string, unknown>;

/**
 * Every item a Query or Scan finds, page after page; each page through the store-error mapping, and
 * `onPage` told how many items the store read for it (what DynamoDB bills).
 */
export const allItems = async <T = Item>(
  client: DynamoDBDocumentClient,
  request: { query: QueryCommandInput } | { scan: ScanCommandInput },
  onPage: (itemsRead: number) => void = () => {},
): Promise<T[]> => {
  const items: Item[] = [];
  let exclusiveStartKey: Item | undefined;
  do {
    const startKey = exclusiveStartKey && { ExclusiveStartKey: exclusiveStartKey };
    const page = await guardStoreCall(() =>
      'query' in request
        ? client.send(new QueryCommand({ ...request.query, ...startKey }))
        : client.send(new ScanCommand({ ...request.scan, ...startKey })),
    );
    onPage(page.ScannedCount ?? 0);
    items.push(...(page.Items ?? []));
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey);
  return items as T[];
};
