import type { LimitStanding } from '../../core/access/usage-windows';

/** The spec's limit headers for a key's standing; remaining counts are after this request. */
export const limitHeaders = (standing: LimitStanding): Record<string, string> => ({
  'X-RateLimit-Limit': String(standing.ratePerMinute),
  'X-RateLimit-Remaining': String(standing.minuteRemaining),
  'X-RateLimit-Reset': String(standing.resetAt),
  ...(standing.quota && {
    'X-Quota-Limit': String(standing.quota.limit),
    'X-Quota-Remaining': String(standing.quota.remaining),
  }),
});
