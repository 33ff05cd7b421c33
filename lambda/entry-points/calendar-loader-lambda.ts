import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { join } from 'node:path';
import { loadServiceData } from '../adapters/data-files/service-data';
import { replaceServiceData } from '../adapters/dynamodb/service-data-writer';
import { createDocumentClient } from '../adapters/dynamodb/document-client';
import { createLogger } from '../adapters/logger';

/**
 * Custom resource (Provider framework onEvent): loads the data bundled beside this file (calendars and
 * name groups) into the name days table and the name index, on create and on every data change. Delete leaves the table to its own removal
 * policy.
 */
export const handler = async (event: CloudFormationCustomResourceEvent) => {
  const logger = createLogger({ serviceName: 'nameday-calendar-loader' });
  const physicalResourceId = 'CalendarData';
  if (event.RequestType === 'Delete') return { PhysicalResourceId: physicalResourceId };

  const tables = {
    namedays: event.ResourceProperties.NamedaysTable as string,
    nameIndex: event.ResourceProperties.NameIndexTable as string,
  };
  const data = loadServiceData(join(__dirname, 'data'));
  const result = await replaceServiceData(createDocumentClient(), tables, data);
  logger.info('service data loaded', { version: data.version, calendars: data.definitions.length, ...result });
  return { PhysicalResourceId: physicalResourceId, Data: { Version: data.version } };
};
