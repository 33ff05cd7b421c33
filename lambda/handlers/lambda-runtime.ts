import { createDocumentClient } from '../adapters/dynamodb/document-client';
import type { TableNames } from '../adapters/dynamodb/table-names';
import { createLogger } from '../adapters/logger';
import { systemClock } from '../adapters/system-clock';
import { limitsFromEnv } from '../core/limits';
import { createServiceDeps, type ServiceDeps } from '../service';

const required = (env: NodeJS.ProcessEnv, name: string): string => {
  const value = env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
};

/** The table names the stack gives every function, read and checked once per cold start. */
export const tableNamesFromEnv = (env: NodeJS.ProcessEnv): TableNames => ({
  namedays: required(env, 'NAMEDAYS_TABLE'),
  nameIndex: required(env, 'NAME_INDEX_TABLE'),
  apiKeys: required(env, 'API_KEYS_TABLE'),
});

let deps: ServiceDeps | undefined;

/** The Lambda host's dependencies, built on the first invocation rather than at import time. */
export const lambdaServiceDeps = (): ServiceDeps => {
  deps ??= createServiceDeps({
    client: createDocumentClient(),
    tables: tableNamesFromEnv(process.env),
    clock: systemClock,
    logger: createLogger(),
    limits: limitsFromEnv(process.env),
  });
  return deps;
};
