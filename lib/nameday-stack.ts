import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { loadServiceData } from '../data/service-data';
import { DEFAULT_LIMITS, type Limits } from '../lambda/core/limits';
import { CalendarDataLoader } from './constructs/calendar-data-loader';
import { DataTables } from './constructs/data-tables';
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
      NAMEDAYS_TABLE: tables.namedays.tableName,
      NAME_INDEX_TABLE: tables.nameIndex.tableName,
      API_KEYS_TABLE: tables.apiKeys.tableName,
      NAMEDAY_RATE_LIMIT_PER_MINUTE: String(limits.ratePerMinute),
      NAMEDAY_FREE_MONTHLY_QUOTA: String(limits.freeMonthlyQuota),
      // A new data version changes the functions' configuration, so no process keeps a stale catalog.
      DATA_VERSION: dataVersion,
      POWERTOOLS_SERVICE_NAME: 'nameday-api',
    };
    const listingFunction = new ServiceFunction(this, 'ListingFunction', { handlerFile: 'listing', environment })
      .bindTable(tables.namedays, 'read')
      .bindKeyCounter(tables.apiKeys);
    const searchFunction = new ServiceFunction(this, 'SearchFunction', { handlerFile: 'search', environment })
      .bindTable(tables.namedays, 'read')
      .bindTable(tables.nameIndex, 'read')
      .bindKeyCounter(tables.apiKeys);
    // Functions update only after the data they will read is in place.
    listingFunction.node.addDependency(calendarData.resource);
    searchFunction.node.addDependency(calendarData.resource);

    new NamedayApi(this, 'Api', { listingFunction, searchFunction, limits });
    new CfnOutput(this, 'ApiKeysTableName', {
      value: tables.apiKeys.tableName,
      description: 'Key hashes, tiers and usage: where `npm run keys -- --stack` records keys',
    });
  }
}
