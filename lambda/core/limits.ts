/**
 * The tiers' limits, with the spec's defaults. The functions and the local gateway read them through
 * `limitsFromEnv`; the stack's usage plans are built from the same values.
 */
export interface Limits {
  ratePerMinute: number;
  freeMonthlyQuota: number;
}

export const DEFAULT_LIMITS: Limits = { ratePerMinute: 60, freeMonthlyQuota: 1000 };

const positiveInteger = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error(`${name} must be a positive integer`);
  return Number(value);
};

export const limitsFromEnv = (env: Readonly<Record<string, string | undefined>>): Limits => ({
  ratePerMinute: positiveInteger(env.NAMEDAY_RATE_LIMIT_PER_MINUTE, DEFAULT_LIMITS.ratePerMinute, 'NAMEDAY_RATE_LIMIT_PER_MINUTE'),
  freeMonthlyQuota: positiveInteger(env.NAMEDAY_FREE_MONTHLY_QUOTA, DEFAULT_LIMITS.freeMonthlyQuota, 'NAMEDAY_FREE_MONTHLY_QUOTA'),
});
