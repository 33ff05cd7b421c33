/** The tiers' limits; the functions count with them and the stack's usage plans are built from them. */
export interface Limits {
  ratePerMinute: number;
  freeMonthlyQuota: number;
}

/** The spec's: 60 requests a minute on every tier, 1,000 calls a calendar month on the free tier. */
export const DEFAULT_LIMITS: Limits = { ratePerMinute: 60, freeMonthlyQuota: 1000 };
