// (request pipeline) --> use case: admit a request --> (secondary adapter: key usage counter)
import { hashApiKey, isWellFormedApiKey } from './api-keys';
import type { Clock } from '../shared/clock';
import { QuotaExceededError, RateLimitedError, StoreUnavailableError, UnauthorizedError } from '../shared/errors';
import type { Limits } from '../../contract';
import {
  countsIn,
  standingOf,
  planFor,
  refusalFor,
  windowsAt,
  type CountPlan,
  type KeyUsage,
  type LimitStanding,
  type UsageWindows,
} from './usage-windows';

/** Counts requests on a key's own record with conditional writes. */
export interface UsageCounter {
  /** One conditional write for `plan`; the record after it, or undefined when its condition failed. */
  count(keyHash: string, plan: CountPlan, windows: UsageWindows, limits: Limits): Promise<KeyUsage | undefined>;
  /** A strongly consistent read of the record, to learn why a count was refused. */
  read(keyHash: string): Promise<KeyUsage | undefined>;
}

/** A write can lose to concurrent ones at most at a window's start; beyond this, the store is contended. */
const MAX_ATTEMPTS = 4;
const REMEMBERED_KEYS = 10_000;

/**
 * Primary course: refuse a malformed key before touching the store; count the request with one
 * conditional write chosen from the windows this process last saw for the key. Only when that write
 * is refused: read the record, answer 401, 402 (before 429: waiting would not help) or 429, or try
 * the plan the record calls for (a new minute or month began, or another process counted first).
 */
export class Admission {
  private readonly lastWindows = new Map<string, Pick<KeyUsage, 'minuteWindow' | 'monthWindow'>>();

  constructor(
    private readonly counter: UsageCounter,
    private readonly limits: Limits,
    private readonly clock: Clock,
  ) {}

  /** Throws UnauthorizedError before any store access for a key that is not shaped like one. */
  checkShape(apiKey: string | undefined): void {
    if (!isWellFormedApiKey(apiKey)) throw new UnauthorizedError();
  }

  /** Counts an admitted request and returns the key's standing after it. */
  async admit(apiKey: string | undefined): Promise<LimitStanding> {
    if (!isWellFormedApiKey(apiKey)) throw new UnauthorizedError();
    return this.admitKeyHash(hashApiKey(apiKey));
  }

  /** Counts a request against the key with this hash (a feed's key); a revoked or unknown key is 401. */
  async admitKeyHash(keyHash: string): Promise<LimitStanding> {
    const windows = windowsAt(this.clock.now());
    const remembered = this.lastWindows.get(keyHash);
    let plan: CountPlan = remembered ? planFor(remembered, windows) : 'same-minute';

    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const counted = await this.counter.count(keyHash, plan, windows, this.limits);
      if (counted) {
        this.remember(keyHash, counted);
        return standingOf(counted.tier, countsIn(counted, windows), windows, this.limits);
      }
      const usage = await this.counter.read(keyHash);
      const refusal = refusalFor(usage, windows, this.limits);
      if (refusal === 'unauthorized' || !usage) throw new UnauthorizedError();
      this.remember(keyHash, usage);
      const standing = standingOf(usage.tier, countsIn(usage, windows), windows, this.limits);
      if (refusal === 'quota') throw new QuotaExceededError(standing);
      if (refusal === 'rate') throw new RateLimitedError(standing, windows.retryAfter);
      plan = planFor(usage, windows);
    }
    throw new StoreUnavailableError(1);
  }

  private remember(keyHash: string, usage: KeyUsage): void {
    if (this.lastWindows.size >= REMEMBERED_KEYS) this.lastWindows.clear();
    this.lastWindows.set(keyHash, { minuteWindow: usage.minuteWindow, monthWindow: usage.monthWindow });
  }
}
