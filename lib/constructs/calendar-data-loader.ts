import { CfnElement, CustomResource, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { FUNCTION_MEMORY_MB } from '../../lambda/contract';
import { ServiceFunction } from './service-function';

export interface CalendarDataLoaderProps {
  namedaysTable: ITable;
  nameIndexTable: ITable;
  /** Digest of data/calendars: a new value makes CloudFormation run the loader again. */
  dataVersion: string;
}

/**
 * Loads data/ into the name days table and the name index during `cdk deploy`: the calendar and
 * name group files travel inside the loader's bundle, and every change of their digest replaces
 * the tables' data.
 */
export class CalendarDataLoader extends Construct {
  readonly resource: CustomResource;
  /** The function that loads the data: its errors are failed loads. */
  readonly loader: ServiceFunction;

  constructor(scope: Construct, id: string, props: CalendarDataLoaderProps) {
    super(scope, id);
    const onEvent = new ServiceFunction(this, 'LoaderFunction', {
      entryFile: 'calendar-loader-lambda',
      memorySize: FUNCTION_MEMORY_MB.calendarLoader,
      timeout: Duration.minutes(10),
      environment: { POWERTOOLS_SERVICE_NAME: 'nameday-calendar-loader' },
      bundling: {
        // The loader finds its data beside its code through __dirname, which only CommonJS has.
        format: OutputFormat.CJS,
        mainFields: ['main', 'module'],
        banner: undefined,
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (inputDir: string, outputDir: string) => [
            `mkdir -p "${outputDir}/data"`,
            `cp -r "${inputDir}/data/calendars" "${outputDir}/data/"`,
            `if [ -d "${inputDir}/data/names" ]; then cp -r "${inputDir}/data/names" "${outputDir}/data/"; fi`,
          ],
        },
      },
    })
      .bindTable('namedays', props.namedaysTable, 'read-write')
      .bindTable('nameIndex', props.nameIndexTable, 'read-write');
    this.loader = onEvent;
    const provider = new Provider(this, 'Provider', {
      onEventHandler: onEvent,
      // Without a group of its own, the framework's function writes to one Lambda creates with no retention.
      logGroup: new LogGroup(this, 'ProviderLogs', { retention: RetentionDays.ONE_MONTH }),
    });
    // The Provider framework's own function: its role, policy and runtime are the framework's.
    Validations.of(provider).acknowledge(
      {
        id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'The custom resource Provider framework creates its function with the basic execution role.',
      },
      {
        id: `AwsSolutions::AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(onEvent.node.defaultChild as CfnElement)}.Arn>:*]`,
        reason: 'The Provider framework invokes the loader and its versions; the grant names the loader function only.',
      },
      { id: 'AwsSolutions::AwsSolutions-L1', reason: 'The Provider framework chooses the runtime of its own function.' },
    );
    this.resource = new CustomResource(this, 'CalendarData', {
      serviceToken: provider.serviceToken,
      resourceType: 'Custom::CalendarData',
      properties: {
        NamedaysTable: props.namedaysTable.tableName,
        NameIndexTable: props.nameIndexTable.tableName,
        DataVersion: props.dataVersion,
      },
    });
  }
}
