import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ServiceData } from '../lambda/adapters/data-files/service-data';
import { replaceServiceData, storedDataVersion, type ServiceDataTables } from '../lambda/adapters/dynamodb/service-data-writer';

/** Seeds the calendars and the name index unless the store already holds this data version; reports progress. */
export const ensureServiceData = async (
  client: DynamoDBDocumentClient,
  tables: ServiceDataTables,
  data: ServiceData,
  report: (line: string) => void,
): Promise<void> => {
  if ((await storedDataVersion(client, tables.namedays)) === data.version) {
    report(`Calendar data is current (${data.definitions.length} calendars, version ${data.version}).`);
    return;
  }
  const started = Date.now();
  let lastPercent = -1;
  const result = await replaceServiceData(client, tables, data, (done, total) => {
    const percent = Math.floor((done / total) * 10) * 10;
    if (percent !== lastPercent) {
      lastPercent = percent;
      report(`Seeding calendars: ${done}/${total} items (${percent}%)`);
    }
  });
  report(
    `Seeded ${data.definitions.length} calendars (${result.written} items, ${result.deleted} stale removed) in ${Date.now() - started} ms.`,
  );
};
