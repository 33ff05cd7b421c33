// (request pipeline) --> use case: admit a request --> (secondary adapter: usage counter)
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
  type FeedVisit,
  type KeyUsage,
  type LimitStanding,
  type UsageWindows,
} from './usage-windows';

/**
 * Which record a key's requests are counted on, learnt once from the key's own record: its account's
 * (a dashboard key: every key of the account shares the month) or, for a key with no account, its own.
 * It never changes for a key, so a process keeps it; the status is checked on the counting record.
 */
export interface KeyBinding {
  keyHash: string;
  keyId: string;
  /** The account (user pool subject) that owns the key; absent for an operator's key. */
  owner?: string;
}

/** What `bind` learns besides the binding: whether the key is active, and its own counters of old. */
export interface BoundKey extends KeyBinding {
  status: 'active' | 'revoked';
  tier: KeyUsage['tier'];
  /** The key's own counters: the ones it counts on when it has no account, a dashboard key's of old otherwise. */
  minuteWindow?: string;
  monthWindow?: string;
  monthCount?: number;
}

/** A feed's fetch as the counter writes it: was it counted against the month today already? */
export interface FeedCount extends FeedVisit {
  countedToday: boolean;
}

/** Counts requests with one conditional write on the record a key is bound to. */
export interface UsageCounter {
  /** A strongly consistent read of the key's own record; undefined for an unknown key. */
  bind(keyHash: string): Promise<BoundKey | undefined>;
  /** One conditional write for `plan`; the usage after it, or undefined when its condition failed. */
  count(
    binding: KeyBinding,
    plan: CountPlan,
    windows: UsageWindows,
    limits: Limits,
    feed?: FeedCount,
  ): Promise<KeyUsage | undefined>;
  /**
   * A strongly consistent read of the counting record, to learn why a count was refused; undefined
   * when that record does not know the key (revoked and cleared, or made before accounts were counted).
   */
  read(binding: KeyBinding, windows: UsageWindows, feed?: FeedVisit): Promise<KeyUsage | undefined>;
  /**
   * Enters an active key its account does not know yet (made before quotas were the account's) into
   * the account's record, with what the key counted this month; a no-op when it is there already.
   */
  adopt(key: BoundKey, windows: UsageWindows): Promise<void>;
}

/** A write can lose to concurrent ones at most at a window's start; beyond this, the store is contended. */
const MAX_ATTEMPTS = 4;
const REMEMBERED_KEYS = 10_000;

/**
 * Primary course: refuse a malformed key before touching the store; count the request with one
 * conditional write on its account's record, chosen from the windows this process last saw for the
 * key. Only when that write is refused: read the record, answer 401, 402 (before 429: waiting would
 * not help) or 429, or try the plan the record calls for (a new minute or month began, or another
 * process counted first). A process learns a key's account once (one read); warm, a request is one write.
 */
export class Admission {
  private readonly lastWindows = new Map<string, Pick<KeyUsage, 'minuteWindow' | 'monthWindow'>>();
  private readonly bindings = new Map<string, KeyBinding>();
  private readonly feedDays = new Map<string, string>();

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

  /**
   * Counts a request against the key with this hash; a revoked or unknown key is 401. A feed's fetch
   * (`feedId`) takes from the month only the first time that feed is fetched in a UTC day.
   */
  async admitKeyHash(keyHash: string, feedId?: string): Promise<LimitStanding> {
    const windows = windowsAt(this.clock.now());
    const visit: FeedVisit | undefined = feedId === undefined ? undefined : { feedId, day: windows.day };
    const known = this.bindings.get(keyHash);
    let binding: KeyBinding = known ?? (await this.bindActive(keyHash));
    let feed: FeedCount | undefined = visit && { ...visit, countedToday: this.feedDays.get(visit.feedId) === visit.day };
    // A process new to the key learns the windows from what it reads first, rather than guess and be refused.
    if (!known) {
      const bound = binding as BoundKey;
      const first = bound.owner === undefined ? bound : await this.counter.read(binding, windows, visit);
      if (first && first.status === 'active') {
        this.remember(keyHash, first, undefined);
        if (feed && 'feedDay' in first) feed = { ...feed, countedToday: first.feedDay === feed.day };
      }
    }
    const remembered = this.lastWindows.get(keyHash);
    let plan: CountPlan = remembered ? planFor(remembered, windows) : 'same-minute';

    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const counted = await this.counter.count(binding, plan, windows, this.limits, feed);
      if (counted) {
        this.remember(keyHash, counted, feed);
        return standingOf(counted.tier, countsIn(counted, windows), windows, this.limits);
      }
      const usage = await this.counter.read(binding, windows, visit);
      if (!usage) {
        // The account does not know the key: revoked since this process bound it, or older than accounts' quotas.
        this.bindings.delete(keyHash);
        const key = await this.bindActive(keyHash);
        await this.counter.adopt(key, windows);
        binding = key;
        continue;
      }
      feed = feed && { ...feed, countedToday: usage.feedDay === feed.day };
      const refusal = refusalFor(usage, windows, this.limits, feed?.countedToday);
      if (refusal === 'unauthorized') {
        this.bindings.delete(keyHash);
        throw new UnauthorizedError();
      }
      this.remember(keyHash, usage, feed);
      const standing = standingOf(usage.tier, countsIn(usage, windows), windows, this.limits);
      if (refusal === 'quota') throw new QuotaExceededError(standing);
      if (refusal === 'rate') throw new RateLimitedError(standing, windows.retryAfter);
      plan = planFor(usage, windows);
    }
    throw new StoreUnavailableError(1);
  }

  /** The key's binding, read from its own record and kept; 401 for an unknown or revoked key. */
  private async bindActive(keyHash: string): Promise<BoundKey> {
    const key = await this.counter.bind(keyHash);
    if (!key || key.status !== 'active') throw new UnauthorizedError();
    if (this.bindings.size >= REMEMBERED_KEYS) this.bindings.clear();
    this.bindings.set(keyHash, { keyHash, keyId: key.keyId, ...(key.owner !== undefined && { owner: key.owner }) });
    return key;
  }

  private remember(keyHash: string, usage: KeyUsage, feed: FeedCount | undefined): void {
    if (this.lastWindows.size >= REMEMBERED_KEYS) this.lastWindows.clear();
    this.lastWindows.set(keyHash, { minuteWindow: usage.minuteWindow, monthWindow: usage.monthWindow });
    if (feed && usage.feedDay !== undefined) {
      if (this.feedDays.size >= REMEMBERED_KEYS) this.feedDays.clear();
      this.feedDays.set(feed.feedId, usage.feedDay);
    }
  }
}
