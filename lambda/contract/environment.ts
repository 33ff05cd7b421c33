import type { TableRole } from './tables';

/** The environment variables the stack sets and the functions read; nothing else is read. */
export const TABLE_ENV: Readonly<Record<TableRole, string>> = {
  namedays: 'NAMEDAYS_TABLE',
  nameIndex: 'NAME_INDEX_TABLE',
  apiKeys: 'API_KEYS_TABLE',
};

export const LIMITS_ENV = {
  ratePerMinute: 'NAMEDAY_RATE_LIMIT_PER_MINUTE',
  freeMonthlyQuota: 'NAMEDAY_FREE_MONTHLY_QUOTA',
} as const;

/** The data version the functions were deployed with: a new one replaces every warm process. */
export const DATA_VERSION_ENV = 'DATA_VERSION';
