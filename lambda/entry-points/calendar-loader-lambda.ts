import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { join } from 'node:path';
import { loadServiceData } from '../adapters/data-files/service-data';
import { traceAwsClient } from '../adapters/aws/tracing';
import { createLoaderClient } from '../adapters/dynamodb/document-client';
import {
  deleteVersion,
  deleteVersionsExcept,
  storedDataVersion,
  writeServiceData,
  type ServiceDataTables,
} from '../adapters/dynamodb/service-data-writer';
import { createLogger, type Logger } from '../adapters/logger';

const PHYSICAL_ID_PREFIX = 'CalendarData-';

/** Each data version is a physical resource of its own, so CloudFormation deletes a version only once it is replaced. */
const physicalIdOf = (version: string) => `${PHYSICAL_ID_PREFIX}${version}`;
const versionOf = (physicalId: string) =>
  physicalId.startsWith(PHYSICAL_ID_PREFIX) ? physicalId.slice(PHYSICAL_ID_PREFIX.length) : undefined;

export interface CalendarLoaderDeps {
  client: DynamoDBDocumentClient;
  /** The folder holding calendars/ and names/: in the bundle, beside the code. */
  dataDir: string;
  logger: Logger;
}

/**
 * Custom resource (Provider framework onEvent). Create and Update write the bundled data as a new
 * version beside the one the functions serve, and clear what failed deploys left; the served version
 * stays whole, so a load that fails part-way changes nothing a client sees. Delete removes a version
 * CloudFormation has replaced (after the new functions are in place) or rolled back, never the
 * version last written in full.
 */
export const makeCalendarLoader = (deps: CalendarLoaderDeps) => async (event: CloudFormationCustomResourceEvent) => {
  const tables: ServiceDataTables = {
    namedays: event.ResourceProperties.NamedaysTable as string,
    nameIndex: event.ResourceProperties.NameIndexTable as string,
  };
  if (event.RequestType === 'Delete') {
    const version = versionOf(event.PhysicalResourceId);
    const current = await storedDataVersion(deps.client, tables.namedays);
    const deleted = version && version !== current ? await deleteVersion(deps.client, tables, version) : 0;
    deps.logger.info('data version deleted', { version, deleted });
    return { PhysicalResourceId: event.PhysicalResourceId };
  }
  const data = loadServiceData(deps.dataDir);
  const started = Date.now();
  const { written, retriedRounds } = await writeServiceData(deps.client, tables, data);
  const previous = event.RequestType === 'Update' ? versionOf(event.PhysicalResourceId) : undefined;
  const leftovers = await deleteVersionsExcept(deps.client, tables, [data.version, ...(previous ? [previous] : [])]);
  deps.logger.info('service data loaded', {
    version: data.version,
    calendars: data.definitions.length,
    written,
    leftovers,
    // Rounds retried after throttling or unprocessed items, and the time it took: what a slow deploy shows first.
    retriedRounds,
    durationMs: Date.now() - started,
  });
  return { PhysicalResourceId: physicalIdOf(data.version), Data: { Version: data.version } };
};

let load: ReturnType<typeof makeCalendarLoader> | undefined;

export const handler = (event: CloudFormationCustomResourceEvent) => {
  load ??= makeCalendarLoader({
    client: createLoaderClient({}, traceAwsClient),
    dataDir: join(__dirname, 'data'),
    logger: createLogger({ serviceName: 'nameday-calendar-loader' }),
  });
  return load(event);
};
