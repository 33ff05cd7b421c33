import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoDbNameIndexRepository } from './adapters/dynamodb/dynamodb-name-index-repository';
import { DynamoDbNamedayRepository } from './adapters/dynamodb/dynamodb-nameday-repository';
import type { TableNames } from './adapters/dynamodb/table-names';
import type { Logger } from './adapters/logger';
import { CalendarCatalog } from './core/catalog';
import type { Clock } from './core/clock';
import type { FixedDayReader } from './core/list-namedays';
import type { NameIndexReader } from './core/search-names';

/** Everything a handler needs, built once per process by whichever host runs it. */
export interface ServiceDeps {
  catalog: () => Promise<CalendarCatalog>;
  fixedDays: FixedDayReader;
  nameIndex: NameIndexReader;
  clock: Clock;
  logger: Logger;
}

/**
 * Loads the catalog on first use and keeps it for the life of the process; a failed load is not
 * kept, so the next request tries again. A data change deploys new function configuration, so a
 * process never outlives the data it loaded.
 */
export const cachedCatalog = (load: () => Promise<CalendarCatalog>): (() => Promise<CalendarCatalog>) => {
  let pending: Promise<CalendarCatalog> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
};

export const createServiceDeps = (options: {
  client: DynamoDBDocumentClient;
  tables: TableNames;
  clock: Clock;
  logger: Logger;
  onStoreRead?: (itemsRead: number) => void;
}): ServiceDeps => {
  const namedays = new DynamoDbNamedayRepository(options.client, options.tables.namedays, options.onStoreRead);
  return {
    catalog: cachedCatalog(async () => new CalendarCatalog(await namedays.loadCatalog())),
    fixedDays: namedays,
    nameIndex: new DynamoDbNameIndexRepository(options.client, options.tables.nameIndex, options.onStoreRead),
    clock: options.clock,
    logger: options.logger,
  };
};
