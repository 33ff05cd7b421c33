import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { writeInBatches } from './batch-writer';
import { allItems, type Item } from './store-calls';
import { guardStoreCall } from './store-errors';
import type { CalendarDefinition } from '../../core/calendar/calendar';
import { buildNameIndex } from '../../core/names/name-index';
import { NameGroups, type NameGroup } from '../../core/names/name-groups';
import { calendarItems, META_KEY } from './calendar-items';
import { nameIndexItems } from './name-index-items';

/** A filter on an item's version `v`. */
type VersionFilter = { expression: string; values: Record<string, unknown> };

/** The keys of every item of a table the filter on its version `v` selects, the meta item excepted. */
const keysWhere = async (client: DynamoDBDocumentClient, tableName: string, filter: VersionFilter): Promise<Item[]> => {
  const keys = await allItems(client, {
    scan: {
      TableName: tableName,
      ProjectionExpression: 'pk, sk',
      FilterExpression: filter.expression,
      ...(Object.keys(filter.values).length > 0 && { ExpressionAttributeValues: filter.values }),
    },
  });
  return keys.filter((key) => key.pk !== META_KEY.pk);
};

/** Deletes the items of both tables whose version the filter selects; returns how many. */
const deleteWhere = async (client: DynamoDBDocumentClient, tables: ServiceDataTables, filter: VersionFilter): Promise<number> => {
  let deleted = 0;
  for (const table of [tables.namedays, tables.nameIndex]) {
    const keys = await keysWhere(client, table, filter);
    await writeInBatches(
      client,
      table,
      keys.map((key) => ({ DeleteRequest: { Key: key } })),
    );
    deleted += keys.length;
  }
  return deleted;
};

/** The data version last written in full, if any. */
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

/**
 * Writes one data version beside any other the tables hold: its calendars and the name index built
 * from them, under the version's own partitions, then records it as the latest complete version. A
 * failure part-way leaves other versions untouched; running it again completes it. Idempotent.
 */
export const writeServiceData = async (
  client: DynamoDBDocumentClient,
  tables: ServiceDataTables,
  data: { definitions: CalendarDefinition[]; groups: NameGroup[]; version: string },
  onProgress: (done: number, total: number) => void = () => {},
): Promise<{ written: number; retriedRounds: number }> => {
  const days = data.definitions.flatMap((definition) => calendarItems(definition, data.version)) as unknown as Item[];
  const index = nameIndexItems(buildNameIndex(data.definitions, new NameGroups(data.groups)), data.version) as unknown as Item[];
  const total = days.length + index.length;
  const put = (items: Item[]) => items.map((item) => ({ PutRequest: { Item: item } }));
  const dayWrites = await writeInBatches(client, tables.namedays, put(days), (done) => onProgress(done, total));
  const indexWrites = await writeInBatches(client, tables.nameIndex, put(index), (done) => onProgress(days.length + done, total));
  await guardStoreCall(() =>
    client.send(
      new PutCommand({
        TableName: tables.namedays,
        Item: { ...META_KEY, v: data.version, calendars: data.definitions.length, items: days.length, indexItems: index.length },
      }),
    ),
  );
  return { written: total, retriedRounds: dayWrites.retriedRounds + indexWrites.retriedRounds };
};

/** Deletes every item of the versions `keep` does not name; returns how many. */
export const deleteVersionsExcept = (client: DynamoDBDocumentClient, tables: ServiceDataTables, keep: readonly string[]) => {
  const values = Object.fromEntries(keep.map((version, index) => [`:v${index}`, version]));
  const kept = Object.keys(values).map((name) => `v <> ${name}`);
  return deleteWhere(client, tables, {
    expression: kept.length > 0 ? `attribute_not_exists(v) OR (${kept.join(' AND ')})` : 'attribute_exists(pk)',
    values,
  });
};

/** Deletes every item of one data version (CloudFormation's Delete of that version's resource). */
export const deleteVersion = (client: DynamoDBDocumentClient, tables: ServiceDataTables, version: string) =>
  deleteWhere(client, tables, { expression: 'v = :v', values: { ':v': version } });

export interface ReplaceResult {
  written: number;
  deleted: number;
}

/**
 * Makes the tables hold exactly this data version: writes it, then deletes every other version.
 * For a host that serves one version and restarts to change it (the local server, the tests).
 */
export const replaceServiceData = async (
  client: DynamoDBDocumentClient,
  tables: ServiceDataTables,
  data: { definitions: CalendarDefinition[]; groups: NameGroup[]; version: string },
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ReplaceResult> => {
  const { written } = await writeServiceData(client, tables, data, onProgress);
  const deleted = await deleteVersionsExcept(client, tables, [data.version]);
  return { written, deleted };
};
