import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { writeInBatches } from './batch-writer';
import { allItems, type Item } from './store-calls';
import { guardStoreCall } from './store-errors';
import type { CalendarDefinition } from '../../core/calendar/calendar';
import { buildNameIndex } from '../../core/names/name-index';
import { NameGroups, type NameGroup } from '../../core/names/name-groups';
import { calendarItems, META_KEY } from './calendar-items';
import { nameIndexItems } from './name-index-items';

/** Keys of every item not stamped with `version`, the meta item excepted. */
const staleKeys = async (client: DynamoDBDocumentClient, tableName: string, version: string): Promise<Item[]> => {
  const keys = await allItems(client, {
    scan: {
      TableName: tableName,
      ProjectionExpression: 'pk, sk',
      FilterExpression: 'attribute_not_exists(v) OR v <> :v',
      ExpressionAttributeValues: { ':v': version },
    },
  });
  return keys.filter((key) => key.pk !== META_KEY.pk);
};

/** Makes a table hold exactly `items`: writes them all, then deletes every item of another version. */
const replaceItems = async (
  client: DynamoDBDocumentClient,
  tableName: string,
  items: Item[],
  version: string,
  onProgress: (done: number) => void,
): Promise<{ written: number; deleted: number }> => {
  await writeInBatches(
    client,
    tableName,
    items.map((item) => ({ PutRequest: { Item: item } })),
    onProgress,
  );
  const stale = await staleKeys(client, tableName, version);
  await writeInBatches(
    client,
    tableName,
    stale.map((key) => ({ DeleteRequest: { Key: key } })),
    () => {},
  );
  return { written: items.length, deleted: stale.length };
};

/** The data version the name days table holds, if any. */
export const storedDataVersion = async (client: DynamoDBDocumentClient, tableName: string): Promise<string | undefined> => {
  const result = await guardStoreCall(() =>
    client.send(new GetCommand({ TableName: tableName, Key: META_KEY, ConsistentRead: true })),
  );
  return result.Item?.v as string | undefined;
};

export interface ServiceDataTables {
  namedays: string;
  nameIndex: string;
}

export interface ReplaceResult {
  written: number;
  deleted: number;
}

/**
 * Makes the tables hold exactly this data: the calendars and the name index built from them, each
 * item stamped with `version`; items of any other version are deleted, and the version is recorded
 * last, so that a failure part-way is redone in full by the next run. Idempotent.
 */
export const replaceServiceData = async (
  client: DynamoDBDocumentClient,
  tables: ServiceDataTables,
  data: { definitions: CalendarDefinition[]; groups: NameGroup[]; version: string },
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ReplaceResult> => {
  const days = data.definitions.flatMap((definition) => calendarItems(definition, data.version)) as unknown as Item[];
  const index = nameIndexItems(buildNameIndex(data.definitions, new NameGroups(data.groups)), data.version) as unknown as Item[];
  const total = days.length + index.length;
  const calendars = await replaceItems(client, tables.namedays, days, data.version, (done) => onProgress(done, total));
  const names = await replaceItems(client, tables.nameIndex, index, data.version, (done) =>
    onProgress(days.length + done, total),
  );
  await guardStoreCall(() =>
    client.send(
      new PutCommand({
        TableName: tables.namedays,
        Item: { ...META_KEY, v: data.version, calendars: data.definitions.length, items: days.length, indexItems: index.length },
      }),
    ),
  );
  return { written: calendars.written + names.written, deleted: calendars.deleted + names.deleted };
};
