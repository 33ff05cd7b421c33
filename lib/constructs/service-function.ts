import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { TABLE_ENV, type TableRole } from '../../lambda/contract';

export const PROJECT_ROOT = join(__dirname, '..', '..');

/**
 * How the API functions are bundled; the benchmark builds the same. ESM with the packages' "module"
 * entry points lets esbuild drop the unused parts of the AWS SDK: a smaller bundle that Node loads
 * faster than the CommonJS build (see docs/performance.md). The banner gives ESM code a `require` for
 * the few CommonJS modules left in the bundle.
 */
export const API_BUNDLING = {
  minify: true,
  target: 'node22',
  format: 'esm',
  mainFields: ['module', 'main'],
  banner: "import{createRequire as __nodeRequire}from'module';const require=__nodeRequire(import.meta.url);",
} as const;

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

/**
 * A function with the house defaults fixed once: Node.js 22 on arm64, bundled and minified by the
 * local esbuild (never Docker) as an ES module, the AWS SDK bundled in so the deployed SDK is the
 * tested one, and a log group with a retention.
 */
export class ServiceFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH });
    super(scope, id, {
      entry: join(PROJECT_ROOT, 'lambda', 'entry-points', `${props.entryFile}.ts`),
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout ?? Duration.seconds(10),
      logGroup,
      environment: props.environment,
      depsLockFilePath: join(PROJECT_ROOT, 'package-lock.json'),
      projectRoot: PROJECT_ROOT,
      bundling: {
        minify: API_BUNDLING.minify,
        target: API_BUNDLING.target,
        format: OutputFormat.ESM,
        mainFields: [...API_BUNDLING.mainFields],
        banner: API_BUNDLING.banner,
        externalModules: [],
        forceDockerBundling: false,
        ...props.bundling,
      },
    });
  }

  /**
   * Grants exactly what the function's use of the table needs and gives it the table's name in the
   * variable the contract names for its role: a function knows only the tables it may use.
   * `count-keys` reads a key's record and updates its counters, nothing else.
   */
  bindTable(role: TableRole, table: ITable, accessMode: 'read' | 'read-write' | 'count-keys'): this {
    if (accessMode === 'read') table.grantReadData(this);
    else if (accessMode === 'count-keys') table.grant(this, 'dynamodb:GetItem', 'dynamodb:UpdateItem');
    else table.grantReadWriteData(this);
    this.addEnvironment(TABLE_ENV[role], table.tableName);
    return this;
  }
}
