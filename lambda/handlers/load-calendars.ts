import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { join } from 'node:path';
import { loadCalendarData } from '../../data/load-calendars';
import { replaceCalendarData } from '../adapters/dynamodb/calendar-data-writer';
import { createDocumentClient } from '../adapters/dynamodb/document-client';
import { createLogger } from '../adapters/logger';

/**
 * Custom resource (Provider framework onEvent): loads the calendars bundled beside this file into the
 * name days table on create and on every data change. Delete leaves the table to its own removal
 * policy.
 */
export const handler = async (event: CloudFormationCustomResourceEvent) => {
  const logger = createLogger({ serviceName: 'nameday-calendar-loader' });
  const physicalResourceId = 'CalendarData';
  if (event.RequestType === 'Delete') return { PhysicalResourceId: physicalResourceId };

  const tableName = event.ResourceProperties.TableName as string;
  const { definitions, version } = loadCalendarData(join(__dirname, 'calendars'));
  const result = await replaceCalendarData(createDocumentClient(), tableName, definitions, version);
  logger.info('calendar data loaded', { version, calendars: definitions.length, ...result });
  return { PhysicalResourceId: physicalResourceId, Data: { Version: version } };
};
