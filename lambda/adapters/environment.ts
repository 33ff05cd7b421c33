import { DATA_VERSION_ENV, DEFAULT_LIMITS, LIMITS_ENV, TABLE_ENV, type Limits, type TableRole } from '../contract';
import type { TableNames } from './dynamodb/table-names';

type Environment = Readonly<Record<string, string | undefined>>;

const positiveInteger = (env: Environment, name: string, fallback: number): number => {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error(`${name} must be a positive integer`);
  return Number(value);
};

/** The tiers' limits from the environment, the spec's defaults where a variable is unset. */
export const limitsFromEnv = (env: Environment): Limits => ({
  ratePerMinute: positiveInteger(env, LIMITS_ENV.ratePerMinute, DEFAULT_LIMITS.ratePerMinute),
  freeMonthlyQuota: positiveInteger(env, LIMITS_ENV.freeMonthlyQuota, DEFAULT_LIMITS.freeMonthlyQuota),
});

/**
 * The tables a function was bound to: the stack sets a table's variable only together with its grant,
 * so a function sees exactly the tables it may use, and `required` names what it cannot run without.
 */
export const tableNamesFromEnv = (env: Environment, required: readonly TableRole[]): TableNames => {
  const names: TableNames = {};
  for (const role of Object.keys(TABLE_ENV) as TableRole[]) {
    const value = env[TABLE_ENV[role]];
    if (value) names[role] = value;
    else if (required.includes(role)) throw new Error(`Missing environment variable ${TABLE_ENV[role]}`);
  }
  return names;
};

/** The data version the stack deployed this function with: the only one it reads. */
export const dataVersionFromEnv = (env: Environment): string => {
  const version = env[DATA_VERSION_ENV];
  if (!version) throw new Error(`Missing environment variable ${DATA_VERSION_ENV}`);
  return version;
};
