import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CalendarData } from '../data/load-calendars';
import { replaceCalendarData, storedDataVersion } from '../lambda/adapters/dynamodb/calendar-data-writer';

/** Seeds the calendars unless the store already holds this data version; reports progress. */
export const ensureCalendarData = async (
  client: DynamoDBDocumentClient,
  tableName: string,
  data: CalendarData,
  report: (line: string) => void,
): Promise<void> => {
  if ((await storedDataVersion(client, tableName)) === data.version) {
    report(`Calendar data is current (${data.definitions.length} calendars, version ${data.version}).`);
    return;
  }
  const started = Date.now();
  let lastPercent = -1;
  const result = await replaceCalendarData(client, tableName, data.definitions, data.version, (done, total) => {
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
