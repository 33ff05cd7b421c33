import { Duration, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ApplicationLogLevel, Architecture, LoggingFormat, SystemLogLevel, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { TABLE_DEFINITIONS, TABLE_ENV, type TableRole } from '../../lambda/contract';
import { lambdaNodeRuntime, NODE_MAJOR } from '../node-runtime';

export const PROJECT_ROOT = join(__dirname, '..', '..');

/**
 * How the API functions are bundled; the benchmark builds the same. ESM with the packages' "module"
 * entry points lets esbuild drop the unused parts of the AWS SDK: a smaller bundle that Node loads
 * faster than the CommonJS build (see docs/performance.md). The banner gives ESM code a `require` for
 * the few CommonJS modules left in the bundle.
 */
export const API_BUNDLING = {
  minify: true,
  target: `node${NODE_MAJOR}`,
  format: 'esm',
  mainFields: ['module', 'main'],
  banner: "import{createRequire as __nodeRequire}from'module';const require=__nodeRequire(import.meta.url);",
} as const;

/**
 * esbuild's options for an entry file bundled as the stack bundles it, for those that build the
 * deployed bundle themselves (the benchmark, the tracing test).
 */
export const deployedBuildOptions = (entryPath: string) => ({
  entryPoints: [entryPath],
  bundle: true,
  platform: 'node' as const,
  minify: API_BUNDLING.minify,
  target: API_BUNDLING.target,
  format: API_BUNDLING.format,
  mainFields: [...API_BUNDLING.mainFields],
  banner: { js: API_BUNDLING.banner },
  logLevel: 'error' as const,
});

export interface ServiceFunctionProps {
  /** Entry file under lambda/entry-points, without extension. */
  entryFile: string;
  /** In MB, from the contract's FUNCTION_MEMORY_MB. */
  memorySize: number;
  /** @default 10 seconds */
  timeout?: Duration;
  environment?: Record<string, string>;
  bundling?: NodejsFunctionProps['bundling'];
}

/** What each way a function may use a table lets it call: exactly the calls its code makes. */
const TABLE_ACTIONS = {
  read: ['dynamodb:Query', 'dynamodb:GetItem'],
  'count-keys': ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
  // The portal: find keys by id and owner, record new ones, revoke them and count an account's places.
  'manage-keys': ['dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  'read-write': [
    'dynamodb:Query',
    'dynamodb:GetItem',
    'dynamodb:Scan',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
} as const;

export type TableAccess = keyof typeof TABLE_ACTIONS;

/**
 * A function with the house defaults fixed once: the Node.js runtime of the pinned version on arm64, bundled and
 * minified by the local esbuild (never Docker) as an ES module with source maps (Node maps a logged
 * stack back to the TypeScript), the AWS SDK bundled in so the deployed SDK is the tested one, X-Ray
 * tracing, a log group with a retention, and a role of its own that may write that log group and
 * nothing else until a table is bound.
 */
export class ServiceFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH });
    const role = new Role(scope, `${id}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    super(scope, id, {
      role,
      tracing: Tracing.ACTIVE,
      // One line a request is the function's own; Lambda's START/END/REPORT lines would triple the
      // log volume (and its price) and say nothing the request line and the metrics do not.
      loggingFormat: LoggingFormat.JSON,
      systemLogLevelV2: SystemLogLevel.WARN,
      applicationLogLevelV2: ApplicationLogLevel.INFO,
      entry: join(PROJECT_ROOT, 'lambda', 'entry-points', `${props.entryFile}.ts`),
      handler: 'handler',
      runtime: lambdaNodeRuntime(),
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout ?? Duration.seconds(10),
      logGroup,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      depsLockFilePath: join(PROJECT_ROOT, 'package-lock.json'),
      projectRoot: PROJECT_ROOT,
      bundling: {
        minify: API_BUNDLING.minify,
        sourceMap: true,
        target: API_BUNDLING.target,
        format: OutputFormat.ESM,
        mainFields: [...API_BUNDLING.mainFields],
        banner: API_BUNDLING.banner,
        externalModules: [],
        forceDockerBundling: false,
        ...props.bundling,
      },
    });
    Validations.of(role).acknowledge(
      {
        id: `AwsSolutions::AwsSolutions-IAM5[Resource::<${this.stack.getLogicalId(logGroup.node.defaultChild as never)}.Arn>:*]`,
        reason: "Lambda names its log streams at run time; the grant is limited to this function's own log group.",
      },
      {
        id: 'AwsSolutions::AwsSolutions-IAM5[Resource::*]',
        reason:
          'X-Ray accepts trace segments only on the resource "*"; the statement allows PutTraceSegments and PutTelemetryRecords alone.',
      },
    );
  }

  /**
   * Grants exactly what the function's use of the table needs and gives it the table's name in the
   * variable the contract names for its role: a function knows only the tables it may use.
   * `count-keys` reads a key's record and updates its counters, nothing else; indexes are named one by one.
   */
  bindTable(role: TableRole, table: ITable, access: TableAccess): this {
    const indexes = TABLE_DEFINITIONS[role].indexes.map((index) => `${table.tableArn}/index/${index.name}`);
    this.addToRolePolicy(
      new PolicyStatement({
        actions: [...TABLE_ACTIONS[access]],
        resources: access === 'count-keys' ? [table.tableArn] : [table.tableArn, ...indexes],
      }),
    );
    this.addEnvironment(TABLE_ENV[role], table.tableName);
    return this;
  }
}
