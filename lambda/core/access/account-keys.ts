// (primary adapter: the portal handler) --> an account's own keys, with their usage --> KeyAdmin
import { MAX_ACTIVE_KEYS_PER_ACCOUNT, SELF_SERVICE_TIER, type Limits } from '../../contract';
import type { Clock } from '../shared/clock';
import type { Tier } from './api-keys';
import type { FeedRecord, FeedTokens } from './feed-tokens';
import { findPeople, subscriptionFor, type NameSources } from '../feeds/people';
import {
  feedFileOf,
  feedTitle,
  MAX_PEOPLE_PER_FEED,
  peopleFrom,
  reminderFrom,
  subscriptionRequestFrom,
  type FeedKind,
  type Reminder,
} from '../feeds/subscription';
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
    /** This key's own calls this month: its share of the account's. */
    thisMonth: number;
    /** The account's free calls left this month (its keys share them); null on the paid tier, which has no monthly quota. */
    freeQuotaLeft: number | null;
  };
  /** The key's calendar feeds: never a token, which is shown once when it is made. */
  feeds: AccountFeedView[];
}

export interface AccountFeedView {
  id: string;
  status: 'active' | 'revoked';
  created: string;
  /** "legacy": a feed made before feeds were subscriptions, not used since; its first use decides what it shows. */
  kind: FeedKind | 'legacy';
  /** The calendar's name in a calendar app. */
  title: string;
  country?: string;
  calendarId?: string;
  q?: string;
  people?: { name: string; country?: string; calendarId?: string }[];
  reminder?: Reminder;
}

/** The account's calls this month, all its keys together, and what is left of the free quota. */
export interface AccountUsage {
  thisMonth: number;
  freeMonthlyQuota: number;
  freeQuotaLeft: number;
}

/** An account's keys and feeds, found together. */
export interface OwnedItems {
  keys: StoredKey[];
  feeds: FeedRecord[];
  /** The month window and count all the account's keys share. */
  accountMonth?: { window: string; count: number };
}

export interface AccountItems {
  listOwned(owner: string): Promise<OwnedItems>;
  /** The month window and count the account's keys share, if it has counted any. */
  accountMonthOf(owner: string): Promise<OwnedItems['accountMonth']>;
}

export interface AccountKeysOverview {
  usage: AccountUsage;
  keys: AccountKeyView[];
  maxActiveKeys: number;
  maxPeoplePerFeed: number;
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
    private readonly names: NameSources,
  ) {}

  /** The account's keys, oldest first, each with its usage and feeds, and the account's usage: two reads. */
  async overview(owner: string): Promise<AccountKeysOverview> {
    const windows = windowsAt(this.clock.now());
    const { keys, feeds, accountMonth } = await this.items.listOwned(owner);
    const account = this.usageOf(accountMonth);
    const catalog = await this.names.catalog();
    const feedViews = feeds.map((feed) => ({
      keyHash: feed.keyHash,
      view: feedView(feed, (slug) => catalog.find(slug)?.calendarName ?? slug),
    }));
    return {
      usage: account,
      keys: keys
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
        .map((key) => this.view(key, windows, account, feedViews)),
      maxActiveKeys: MAX_ACTIVE_KEYS_PER_ACCOUNT,
      maxPeoplePerFeed: MAX_PEOPLE_PER_FEED,
      limits: this.limits,
    };
  }

  /** A feed of what `body` asks for, for one of the account's active keys: its token is shown this once. */
  async createFeed(
    owner: string,
    keyId: string,
    body: Record<string, unknown>,
  ): Promise<{ feed: AccountFeedView; token: string; keyId: string; path: string }> {
    const catalog = await this.names.catalog();
    const subscription = await subscriptionFor(
      subscriptionRequestFrom(body, (slug) => catalog.find(slug) !== undefined),
      this.names,
    );
    const created = await this.feeds.create(keyId, subscription, owner);
    return {
      feed: feedView(created.record, (slug) => catalog.find(slug)?.calendarName ?? slug),
      token: created.token,
      keyId,
      path: `/api/v1/feeds/${created.token}/${feedFileOf(subscription.kind)}`,
    };
  }

  /** A people feed's new list (and reminder); its URL stays. */
  async editFeed(owner: string, feedId: string, body: Record<string, unknown>): Promise<{ feed: AccountFeedView }> {
    const catalog = await this.names.catalog();
    const requests = peopleFrom(body.people, (slug) => catalog.find(slug) !== undefined);
    const reminder = body.reminder === undefined ? undefined : reminderFrom(body.reminder);
    await this.feeds.find(feedId, owner);
    const people = await findPeople(requests, catalog, this.names.nameIndex);
    const edited = await this.feeds.editPeople(feedId, people, reminder, owner);
    return { feed: feedView(edited, (slug) => catalog.find(slug)?.calendarName ?? slug) };
  }

  async revokeFeed(owner: string, feedId: string): Promise<{ id: string; status: 'revoked' }> {
    await this.feeds.revoke(feedId, owner);
    return { id: feedId, status: 'revoked' };
  }

  // Answers are built from what was written, never read back through an index that may still lag.
  async create(owner: string, label?: string): Promise<{ key: AccountKeyView; secret: string }> {
    const created = await this.admin.create(SELF_SERVICE_TIER, label, owner);
    return { key: this.view(created.record, windowsAt(this.clock.now()), await this.accountUsage(owner)), secret: created.key };
  }

  async rotate(owner: string, id: string): Promise<{ key: AccountKeyView; secret: string; replaces: string }> {
    const rotated = await this.admin.rotate(id, owner);
    return {
      key: this.view(rotated.record, windowsAt(this.clock.now()), await this.accountUsage(owner)),
      secret: rotated.key,
      replaces: rotated.replaces,
    };
  }

  async revoke(owner: string, id: string): Promise<AccountKeyView> {
    return this.view(await this.admin.revoke(id, owner), windowsAt(this.clock.now()), await this.accountUsage(owner));
  }

  private async accountUsage(owner: string): Promise<AccountUsage> {
    return this.usageOf(await this.items.accountMonthOf(owner));
  }

  private usageOf(accountMonth: OwnedItems['accountMonth']): AccountUsage {
    const month = windowsAt(this.clock.now()).month;
    const thisMonth = accountMonth?.window === month ? accountMonth.count : 0;
    return {
      thisMonth,
      freeMonthlyQuota: this.limits.freeMonthlyQuota,
      freeQuotaLeft: Math.max(0, this.limits.freeMonthlyQuota - thisMonth),
    };
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

  private view(
    key: StoredKey,
    windows: UsageWindows,
    account: AccountUsage,
    feeds: readonly { keyHash: string; view: AccountFeedView }[] = [],
  ): AccountKeyView {
    const counts = countsIn(key, windows);
    const quotaLeft = account.freeQuotaLeft;
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
        freeQuotaLeft: key.tier === 'free' ? quotaLeft : null,
      },
      feeds: feeds
        .filter((feed) => feed.keyHash === key.keyHash)
        .map((feed) => feed.view)
        .sort((a, b) => a.created.localeCompare(b.created)),
    };
  }
}

/** A feed as its owner sees it: what it shows, never its token. */
const feedView = (feed: FeedRecord, calendarName: (slug: string) => string): AccountFeedView => {
  const base = { id: feed.id, status: feed.status, created: feed.createdAt };
  const subscription = feed.subscription;
  if (!subscription) return { ...base, kind: 'legacy', title: 'Name days' };
  const title = feedTitle(subscription, calendarName);
  switch (subscription.kind) {
    case 'listing':
      return {
        ...base,
        kind: 'listing',
        title,
        ...(subscription.country && { country: subscription.country }),
        ...(subscription.calendarId && { calendarId: subscription.calendarId }),
      };
    case 'search':
      return { ...base, kind: 'search', title, q: subscription.q };
    case 'people':
      return {
        ...base,
        kind: 'people',
        title,
        people: subscription.people.map(({ name, country, calendarId }) => ({
          name,
          ...(country !== undefined && { country }),
          ...(calendarId !== undefined && { calendarId }),
        })),
        reminder: subscription.reminder,
      };
  }
};
