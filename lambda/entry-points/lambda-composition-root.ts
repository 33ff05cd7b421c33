import type { TableRole } from '../contract';
import { traceAwsClient } from '../adapters/aws/tracing';
import { createDocumentClient } from '../adapters/dynamodb/document-client';
import { dataVersionFromEnv, limitsFromEnv, tableNamesFromEnv } from '../adapters/environment';
import { createLogger } from '../adapters/logger';
import { systemClock } from '../adapters/system-clock';
import { createServiceDeps, type ServiceDeps } from '../handlers/service-deps';

let deps: ServiceDeps | undefined;

/**
 * The Lambda host's dependencies, built on the first invocation rather than at import time, from the
 * environment the stack bound to this function; a missing table or a bad limit fails here, once.
 */
export const lambdaServiceDeps = (requiredTables: readonly TableRole[]): ServiceDeps => {
  deps ??= createServiceDeps({
    client: createDocumentClient({}, traceAwsClient),
    tables: tableNamesFromEnv(process.env, requiredTables),
    dataVersion: dataVersionFromEnv(process.env),
    clock: systemClock,
    logger: createLogger(),
    limits: limitsFromEnv(process.env),
  });
  return deps;
};
