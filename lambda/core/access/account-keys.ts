// (primary adapter: the portal handler) --> an account's own keys, with their usage --> KeyAdmin
import { MAX_ACTIVE_KEYS_PER_ACCOUNT, SELF_SERVICE_TIER, type Limits } from '../../contract';
import type { Clock } from '../shared/clock';
import type { Tier } from './api-keys';
import type { FeedRecord, FeedTokens } from './feed-tokens';
import type { KeyAdmin, StoredKey } from './key-admin';
import { countsIn, windowsAt, type UsageWindows } from './usage-windows';

/** A key as its owner sees it in the dashboard: never its value, only its last four characters. */
export interface AccountKeyView {
  id: string;
  label: string | null;
  tier: Tier;
  status: 'active' | 'revoked';
  created: string;
  lastFour: string | null;
  usage: {
    thisMinute: number;
    thisMonth: number;
    /** Calls left this month on the free tier; null on the paid tier, which has no monthly quota. */
    freeQuotaLeft: number | null;
  };
  /** The key's calendar feeds: never a token, which is shown once when it is made. */
  feeds: AccountFeedView[];
}

export interface AccountFeedView {
  id: string;
  status: 'active' | 'revoked';
  created: string;
}

/** An account's keys and feeds, found together. */
export interface OwnedItems {
  keys: StoredKey[];
  feeds: FeedRecord[];
}

export interface AccountItems {
  listOwned(owner: string): Promise<OwnedItems>;
}

export interface AccountKeysOverview {
  keys: AccountKeyView[];
  maxActiveKeys: number;
  limits: Limits;
}

/**
 * The dashboard's use cases, each scoped to one account: the same key administration as the operator's
 * command, with the account as owner, self-service keys on the free tier, and usage as the limits count it.
 */
export class AccountKeys {
  constructor(
    private readonly admin: KeyAdmin,
    private readonly feeds: FeedTokens,
    private readonly items: AccountItems,
    private readonly clock: Clock,
    private readonly limits: Limits,
  ) {}

  /** The account's keys, oldest first, each with its usage and feeds: one query. */
  async overview(owner: string): Promise<AccountKeysOverview> {
    const windows = windowsAt(this.clock.now());
    const { keys, feeds } = await this.items.listOwned(owner);
    return {
      keys: keys
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
        .map((key) => this.view(key, windows, feeds)),
      maxActiveKeys: MAX_ACTIVE_KEYS_PER_ACCOUNT,
      limits: this.limits,
    };
  }

  /** A feed token for one of the account's active keys: shown this once, like a key. */
  async createFeed(owner: string, keyId: string): Promise<{ feed: AccountFeedView; token: string; keyId: string }> {
    const created = await this.feeds.create(keyId, owner);
    return { feed: { id: created.id, status: 'active', created: this.clock.now().toISOString() }, token: created.token, keyId };
  }

  async revokeFeed(owner: string, feedId: string): Promise<{ id: string; status: 'revoked' }> {
    await this.feeds.revoke(feedId, owner);
    return { id: feedId, status: 'revoked' };
  }

  // Answers are built from what was written, never read back through an index that may still lag.
  async create(owner: string, label?: string): Promise<{ key: AccountKeyView; secret: string }> {
    const created = await this.admin.create(SELF_SERVICE_TIER, label, owner);
    return { key: this.view(created.record, windowsAt(this.clock.now()), []), secret: created.key };
  }

  async rotate(owner: string, id: string): Promise<{ key: AccountKeyView; secret: string; replaces: string }> {
    const rotated = await this.admin.rotate(id, owner);
    return { key: this.view(rotated.record, windowsAt(this.clock.now()), []), secret: rotated.key, replaces: rotated.replaces };
  }

  async revoke(owner: string, id: string): Promise<AccountKeyView> {
    return this.view(await this.admin.revoke(id, owner), windowsAt(this.clock.now()), []);
  }

  /**
   * Ends everything an account holds before the account itself goes: every active key (401 from this
   * moment, on API Gateway too) and every active feed. Run again after a failure part-way, it finishes the job.
   */
  async closeAll(owner: string): Promise<{ revokedKeys: number; revokedFeeds: number }> {
    const { keys, feeds } = await this.items.listOwned(owner);
    const activeKeys = keys.filter((key) => key.status === 'active');
    const activeFeeds = feeds.filter((feed) => feed.status === 'active');
    for (const key of activeKeys) await this.admin.revoke(key.id, owner);
    for (const feed of activeFeeds) await this.feeds.revoke(feed.id, owner);
    return { revokedKeys: activeKeys.length, revokedFeeds: activeFeeds.length };
  }

  private view(key: StoredKey, windows: UsageWindows, feeds: readonly FeedRecord[]): AccountKeyView {
    const counts = countsIn(key, windows);
    return {
      id: key.id,
      label: key.label ?? null,
      tier: key.tier,
      status: key.status,
      created: key.createdAt,
      lastFour: key.lastFour ?? null,
      usage: {
        thisMinute: counts.minute,
        thisMonth: counts.month,
        freeQuotaLeft: key.tier === 'free' ? Math.max(0, this.limits.freeMonthlyQuota - counts.month) : null,
      },
      feeds: feeds
        .filter((feed) => feed.keyHash === key.keyHash)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .map((feed) => ({ id: feed.id, status: feed.status, created: feed.createdAt })),
    };
  }
}
