import {
  paginateQuery,
  paginateScan,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
  type ScanCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { guardStoreCall } from './store-errors';

export type Item = Record<string, unknown>;

/**
 * Every item a Query or Scan finds, page after page with the SDK's paginators; a failure through the
 * store-error mapping, and `onPage` told how many items the store read for each page (what DynamoDB bills).
 */
export const allItems = async <T = Item>(
  client: DynamoDBDocumentClient,
  request: { query: QueryCommandInput } | { scan: ScanCommandInput },
  onPage: (itemsRead: number) => void = () => {},
): Promise<T[]> =>
  guardStoreCall(async () => {
    const items: Item[] = [];
    const pages = 'query' in request ? paginateQuery({ client }, request.query) : paginateScan({ client }, request.scan);
    for await (const page of pages) {
      onPage(page.ScannedCount ?? 0);
      items.push(...(page.Items ?? []));
    }
    return items as T[];
  });
