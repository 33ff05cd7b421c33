import { CfnOutput, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable, Operation } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface MonitoringProps {
  api: RestApi;
  /** The functions that answer requests, by a short name for alarm ids and the dashboard. */
  functions: Record<string, IFunction>;
  tables: Record<string, ITable>;
  /** The deploy-time data loader: any error of it is a failed data load. */
  dataLoader: IFunction;
  /** Subscribed to the alarm topic by email; AWS asks the address to confirm once. */
  alarmEmail?: string;
  /** @default 1 (per cent of requests answered with a 5xx over five minutes) */
  max5xxPercent?: number;
  /** @default 1000 (milliseconds, API Gateway's p99 latency over five minutes) */
  maxP99LatencyMs?: number;
}

const FIVE_MINUTES = Duration.minutes(5);
/** The operations the functions and the loader call: throttles and system errors on any of them matter. */
const TABLE_OPERATIONS = ['GetItem', 'Query', 'UpdateItem', 'PutItem', 'Scan', 'BatchWriteItem'] as Operation[];

/**
 * What tells an operator the service is unhealthy: alarms on one SNS topic (a stack output to
 * subscribe to) and a dashboard with the same figures. The README's operations section says what each
 * alarm means and what to do.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = new Topic(this, 'AlarmTopic', { displayName: 'Nameday API alarms', enforceSSL: true });
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SNS2',
      reason:
        'CloudWatch alarms cannot publish to a topic encrypted with the AWS managed SNS key, and alarm texts carry no customer data.',
    });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const alarm = (alarmId: string, metric: IMetric, threshold: number, description: string, periods = 1) => {
      const created = new Alarm(this, alarmId, {
        metric,
        threshold,
        evaluationPeriods: periods,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
      created.addAlarmAction(new SnsAction(this.topic));
      return created;
    };

    const api = props.api;
    const requests = api.metricCount({ period: FIVE_MINUTES });
    const serverErrors = api.metricServerError({ period: FIVE_MINUTES });
    const serverErrorPercent = new MathExpression({
      expression: '100 * errors / MAX([requests, 1])',
      usingMetrics: { errors: serverErrors, requests },
      label: '5xx %',
      period: FIVE_MINUTES,
    });
    const p99Latency = api.metricLatency({ period: FIVE_MINUTES, statistic: 'p99' });
    alarm('Api5xxRate', serverErrorPercent, props.max5xxPercent ?? 1, 'More than 1% of API requests answered 5xx in 5 minutes');
    alarm('ApiP99Latency', p99Latency, props.maxP99LatencyMs ?? 1000, 'API p99 latency above 1 s for 15 minutes', 3);

    const functionErrors: IMetric[] = [];
    const functionThrottles: IMetric[] = [];
    for (const [name, fn] of Object.entries(props.functions)) {
      const errors = fn.metricErrors({ period: FIVE_MINUTES, label: `${name} errors` });
      const throttles = fn.metricThrottles({ period: FIVE_MINUTES, label: `${name} throttles` });
      functionErrors.push(errors);
      functionThrottles.push(throttles);
      alarm(`${name}Errors`, errors, 0, `The ${name} function failed an invocation (not a request error: those are answered)`);
      alarm(`${name}Throttles`, throttles, 0, `Lambda throttled the ${name} function`);
    }

    const tableWidgets: GraphWidget[] = [];
    for (const [name, table] of Object.entries(props.tables)) {
      const throttles = table.metricThrottledRequestsForOperations({
        operations: TABLE_OPERATIONS,
        period: FIVE_MINUTES,
        label: `${name} throttled`,
      });
      const systemErrors = table.metricSystemErrorsForOperations({
        operations: TABLE_OPERATIONS,
        period: FIVE_MINUTES,
        label: `${name} system errors`,
      });
      // One graph an expression: CDK's per-operation expressions all name their metrics alike.
      tableWidgets.push(
        new GraphWidget({ title: `${name} table throttles`, left: [throttles] }),
        new GraphWidget({ title: `${name} table system errors`, left: [systemErrors] }),
      );
      alarm(`${name}TableThrottles`, throttles, 0, `DynamoDB throttled requests to the ${name} table`);
      alarm(`${name}TableSystemErrors`, systemErrors, 0, `DynamoDB answered requests to the ${name} table with system errors`);
    }

    const loaderErrors = props.dataLoader.metricErrors({ period: FIVE_MINUTES, label: 'data loader errors' });
    alarm(
      'DataLoaderErrors',
      loaderErrors,
      0,
      'The calendar data failed to load during a deploy: the previous data version is still served',
    );

    // Dashboard names are unique in an account and region: the stack's name keeps staging beside production.
    const dashboard = new Dashboard(this, 'Dashboard', { dashboardName: `${Stack.of(this).stackName}-operations` });
    dashboard.addWidgets(
      new GraphWidget({ title: 'Requests and 5xx', left: [requests, serverErrors], right: [serverErrorPercent] }),
      new GraphWidget({ title: 'API latency p99', left: [p99Latency] }),
    );
    dashboard.addWidgets(
      new GraphWidget({ title: 'Function errors and throttles', left: functionErrors, right: functionThrottles }),
      new GraphWidget({ title: 'Data loader errors', left: [loaderErrors] }),
    );
    dashboard.addWidgets(...tableWidgets);

    new CfnOutput(this, 'AlarmTopicArn', { value: this.topic.topicArn, description: 'Subscribe to this topic for the alarms' });
    new CfnOutput(this, 'DashboardName', { value: dashboard.dashboardName });
  }
}
