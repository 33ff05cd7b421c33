import type { DynamoDBDocumentClient, QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { CalendarShape, DayContent } from '../../core/calendar/calendar';
import { contentKey, type DayContents } from '../../core/calendar/entry-contents';
import type { FixedDayReader } from '../../core/listing/list-namedays';
import type { FixedDayRef } from '../../core/calendar/year-plan';
import {
  BY_MONTH_INDEX,
  CATALOG_PARTITION,
  fixedDayMonthPartition,
  fixedDayMonthSortKey,
  fixedDayPartition,
  fixedDaySortKey,
  type CatalogItem,
  type FixedDayItem,
  versioned,
} from './calendar-items';
import { allItems } from './store-calls';

/** One Query's key range: a partition and the first and last sort key wanted in it. */
interface KeyRange {
  index?: string;
  partitionAttribute: string;
  sortAttribute: string;
  partition: string;
  first: string;
  last: string;
}

const groupBy = <T>(values: readonly T[], keyOf: (value: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const value of values) {
    const key = keyOf(value);
    const group = groups.get(key);
    if (group) group.push(value);
    else groups.set(key, [value]);
  }
  return groups;
};

const rangeOver = (
  refs: readonly FixedDayRef[],
  sortKeyOf: (ref: FixedDayRef) => string,
  base: Omit<KeyRange, 'first' | 'last'>,
): KeyRange => {
  const sortKeys = refs.map(sortKeyOf).sort();
  return { ...base, first: sortKeys[0] as string, last: sortKeys[sortKeys.length - 1] as string };
};

/**
 * The fewest key ranges that cover the refs: one per partition of the country when they share one
 * country, else one per month partition of the GSI.
 */
export const keyRangesFor = (refs: readonly FixedDayRef[]): KeyRange[] => {
  const oneCountry = new Set(refs.map((ref) => ref.country)).size === 1;
  const [partitionOf, sortKeyOf, base] = oneCountry
    ? [fixedDayPartition, fixedDaySortKey, { partitionAttribute: 'pk', sortAttribute: 'sk' }]
    : [
        fixedDayMonthPartition,
        fixedDayMonthSortKey,
        { index: BY_MONTH_INDEX, partitionAttribute: 'gsi1pk', sortAttribute: 'gsi1sk' },
      ];
  return [...groupBy(refs, partitionOf)].map(([partition, group]) => rangeOver(group, sortKeyOf, { ...base, partition }));
};

/** Reads calendars from the name days table; the only place that knows its key design. */
export class DynamoDbNamedayRepository implements FixedDayReader {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    /** The data version this process serves. */
    private readonly dataVersion: string,
    private readonly onRead: (itemsRead: number) => void = () => {},
  ) {}

  async loadCatalog(): Promise<CalendarShape[]> {
    const items = await this.queryAll<CatalogItem>({
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': versioned(this.dataVersion, CATALOG_PARTITION) },
    });
    return items.map((item) => item.shape);
  }

  async readFixedDays(refs: readonly FixedDayRef[]): Promise<DayContents> {
    if (refs.length === 0) return new Map();
    const ranges = keyRangesFor(refs);
    const pages = await Promise.all(
      ranges.map((range) =>
        this.queryAll<FixedDayItem>({
          TableName: this.tableName,
          ...(range.index && { IndexName: range.index }),
          KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :first AND :last',
          // Only what an entry shows: less for the SDK to unmarshal (the read costs the same).
          ProjectionExpression: 'slug, #key, #names, feasts, gap',
          ExpressionAttributeNames: {
            '#pk': range.partitionAttribute,
            '#sk': range.sortAttribute,
            '#key': 'key',
            '#names': 'names',
          },
          ExpressionAttributeValues: {
            ':pk': versioned(this.dataVersion, range.partition),
            ':first': range.first,
            ':last': range.last,
          },
        }),
      ),
    );
    const contents = new Map<string, DayContent>();
    for (const page of pages) {
      for (const item of page) contents.set(contentKey(item.slug, item.key), item);
    }
    return contents;
  }

  private queryAll<T>(query: QueryCommandInput) {
    return allItems<T>(this.client, { query }, this.onRead);
  }
}
