import type { Tier } from './api-keys';
import type { Limits } from '../../contract';

/** The fixed windows a request falls in: the UTC minute and the UTC calendar month. */
export interface UsageWindows {
  /** "YYYY-MM-DDTHH:MM" */
  minute: string;
  /** "YYYY-MM" */
  month: string;
  /** "YYYY-MM-DD": the day a feed counts once in. */
  day: string;
  /** Unix time (seconds) at which the next minute window starts. */
  resetAt: number;
  /** Whole seconds until then, 1 to 60. */
  retryAfter: number;
}

export const windowsAt = (now: Date): UsageWindows => {
  const iso = now.toISOString();
  const minuteStartMs = Math.floor(now.getTime() / 60000) * 60000;
  const nextMinuteMs = minuteStartMs + 60000;
  return {
    minute: iso.slice(0, 16),
    month: iso.slice(0, 7),
    day: iso.slice(0, 10),
    resetAt: nextMinuteMs / 1000,
    retryAfter: Math.min(60, Math.max(1, Math.ceil((nextMinuteMs - now.getTime()) / 1000))),
  };
};

/**
 * A key's standing as the counters see it: its status and tier, its own minute window, and its
 * account's month window (the monthly quota is the account's; a key with no account is its own).
 */
export interface KeyUsage {
  status: 'active' | 'revoked';
  tier: Tier;
  minuteWindow?: string;
  minuteCount?: number;
  monthWindow?: string;
  monthCount?: number;
  /** The key's own share of `monthCount` in the current month, where the account has other keys. */
  keyMonthCount?: number;
  /** The UTC day a feed's fetch was last counted on, when the request is a feed's. */
  feedDay?: string;
}

/** A feed's fetch: it counts against the month at most once per feed per UTC day. */
export interface FeedVisit {
  feedId: string;
  /** "YYYY-MM-DD", UTC */
  day: string;
}

/** Requests already counted in the current windows. */
export const countsIn = (usage: KeyUsage, windows: UsageWindows): { minute: number; month: number } => ({
  minute: usage.minuteWindow === windows.minute ? (usage.minuteCount ?? 0) : 0,
  month: usage.monthWindow === windows.month ? (usage.monthCount ?? 0) : 0,
});

/**
 * How to count the next request, by which stored windows are still current: each plan is one
 * conditional write whose condition holds only in that state.
 */
export type CountPlan = 'same-minute' | 'new-minute' | 'new-month';

export const planFor = (usage: Pick<KeyUsage, 'minuteWindow' | 'monthWindow'>, windows: UsageWindows): CountPlan =>
  usage.monthWindow !== windows.month ? 'new-month' : usage.minuteWindow !== windows.minute ? 'new-minute' : 'same-minute';

export type Refusal = 'unauthorized' | 'quota' | 'rate';

/** Why a key may not make another request now, if it may not: a spent quota first (waiting will not help). */
export const refusalFor = (
  usage: KeyUsage | undefined,
  windows: UsageWindows,
  limits: Limits,
  /** A feed already counted today takes nothing more from the month: only the minute limits it. */
  monthAlreadyCounted = false,
): Refusal | undefined => {
  if (!usage || usage.status !== 'active') return 'unauthorized';
  const counts = countsIn(usage, windows);
  if (usage.tier === 'free' && !monthAlreadyCounted && counts.month >= limits.freeMonthlyQuota) return 'quota';
  if (counts.minute >= limits.ratePerMinute) return 'rate';
  return undefined;
};

/** Where a key stands after a request: what the limit headers of every response to a known key tell. */
export interface LimitStanding {
  ratePerMinute: number;
  /** Requests left in this minute, after this one. */
  minuteRemaining: number;
  /** Unix time (seconds) at which the next minute window starts. */
  resetAt: number;
  /** The monthly quota and what is left of it, on the free tier only. */
  quota?: { limit: number; remaining: number };
}

export const standingOf = (
  tier: Tier,
  counts: { minute: number; month: number },
  windows: UsageWindows,
  limits: Limits,
): LimitStanding => ({
  ratePerMinute: limits.ratePerMinute,
  minuteRemaining: Math.max(0, limits.ratePerMinute - counts.minute),
  resetAt: windows.resetAt,
  ...(tier === 'free' && {
    quota: { limit: limits.freeMonthlyQuota, remaining: Math.max(0, limits.freeMonthlyQuota - counts.month) },
  }),
});
