import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { loadServiceData } from '../lambda/adapters/data-files/service-data';
import {
  DATA_VERSION_ENV,
  DEFAULT_LIMITS,
  FUNCTION_MEMORY_MB,
  FUNCTIONS,
  LIMITS_ENV,
  type FunctionRole,
  type Limits,
} from '../lambda/contract';
import { CalendarDataLoader } from './constructs/calendar-data-loader';
import { CustomerPortal } from './constructs/customer-portal';
import { DataTables } from './constructs/data-tables';
import { Monitoring } from './constructs/monitoring';
import { NamedayApi } from './constructs/nameday-api';
import { ServiceFunction } from './constructs/service-function';

export interface NamedayStackProps extends StackProps {
  /** @default DEFAULT_LIMITS, the spec's: 60 requests a minute, 1,000 free calls a month */
  limits?: Limits;
}

/** The whole service: tables, calendar data loaded at deploy, two functions, and the API in front. */
export class NamedayStack extends Stack {
  constructor(scope: Construct, id: string, props: NamedayStackProps = {}) {
    super(scope, id, props);
    const limits = props.limits ?? DEFAULT_LIMITS;
    const { tables } = new DataTables(this, 'Tables');
    const { version: dataVersion } = loadServiceData();
    const calendarData = new CalendarDataLoader(this, 'CalendarDataLoader', {
      namedaysTable: tables.namedays,
      nameIndexTable: tables.nameIndex,
      dataVersion,
    });

    const environment = {
      [LIMITS_ENV.ratePerMinute]: String(limits.ratePerMinute),
      [LIMITS_ENV.freeMonthlyQuota]: String(limits.freeMonthlyQuota),
      // A new data version changes the functions' configuration, so no process keeps a stale catalog.
      [DATA_VERSION_ENV]: dataVersion,
      POWERTOOLS_SERVICE_NAME: 'nameday-api',
    };
    const nameDayFunction = (role: FunctionRole) =>
      new ServiceFunction(this, FUNCTIONS[role].id, {
        entryFile: FUNCTIONS[role].entry,
        memorySize: FUNCTION_MEMORY_MB[role],
        environment,
      });
    const listingFunction = nameDayFunction('listing')
      .bindTable('namedays', tables.namedays, 'read')
      .bindTable('apiKeys', tables.apiKeys, 'count-keys');
    const searchFunction = nameDayFunction('search')
      .bindTable('namedays', tables.namedays, 'read')
      .bindTable('nameIndex', tables.nameIndex, 'read')
      .bindTable('apiKeys', tables.apiKeys, 'count-keys');
    // Functions update only after the data they will read is in place.
    listingFunction.node.addDependency(calendarData.resource);
    searchFunction.node.addDependency(calendarData.resource);

    const { api, stageName } = new NamedayApi(this, 'Api', { listingFunction, searchFunction, limits });
    const portal = new CustomerPortal(this, 'CustomerPortal', {
      api,
      apiKeysTable: tables.apiKeys,
      // People feeds are searched for in the calendars when they are made.
      namedaysTable: tables.namedays,
      nameIndexTable: tables.nameIndex,
      stageName,
      environment: {
        [LIMITS_ENV.ratePerMinute]: String(limits.ratePerMinute),
        [LIMITS_ENV.freeMonthlyQuota]: String(limits.freeMonthlyQuota),
        [DATA_VERSION_ENV]: dataVersion,
      },
    });
    portal.portalFunction.node.addDependency(calendarData.resource);
    new Monitoring(this, 'Monitoring', {
      api,
      functions: { Listing: listingFunction, Search: searchFunction, Portal: portal.portalFunction },
      tables: { Namedays: tables.namedays, NameIndex: tables.nameIndex, ApiKeys: tables.apiKeys },
      dataLoader: calendarData.loader,
    });
    new CfnOutput(this, 'ApiKeysTableName', {
      value: tables.apiKeys.tableName,
      description: 'Key hashes, tiers and usage: where `npm run keys -- --stack` records keys',
    });
  }
}
