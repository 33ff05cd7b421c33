// (primary adapters: key command; portal; feed routes) --> use cases: issue, edit, revoke, resolve feed tokens --> (feed store)
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../shared/clock';
import { NotFoundError, UnauthorizedError, ValidationError } from '../shared/errors';
import type { Person, Reminder, Subscription } from '../feeds/subscription';
import { KeyNotFoundError, type KeyStore } from './key-admin';

/**
 * A feed token stands in for a key in a calendar app's subscription URL, which can carry no header.
 * It is stored only as its hash, tied to one key, revocable on its own, and it names what the feed
 * shows (its subscription), so the token opens that calendar and nothing else.
 */
export interface FeedRecord {
  /** SHA-256 of the token, hex. */
  tokenHash: string;
  id: string;
  /** The key the feed's calls count against. */
  keyHash: string;
  status: 'active' | 'revoked';
  createdAt: string;
  /** The account of the feed's key, for a key made in the dashboard. */
  owner?: string;
  /** What the feed shows; absent on a feed made before feeds were subscriptions, until its first use. */
  subscription?: Subscription;
}

/** Where feed tokens live. */
export interface FeedStore {
  createFeed(record: FeedRecord): Promise<void>;
  findFeed(tokenHash: string): Promise<FeedRecord | undefined>;
  findFeedById(id: string): Promise<FeedRecord | undefined>;
  revokeFeed(feed: FeedRecord): Promise<void>;
  /** Replaces an active feed's subscription; false when the feed is not active. */
  setSubscription(feed: FeedRecord, subscription: Subscription): Promise<boolean>;
  /** Gives a feed of old its subscription unless it has one: the one it has afterwards. */
  adoptSubscription(feed: FeedRecord, subscription: Subscription): Promise<Subscription>;
}

const FEED_TOKEN_SHAPE = /^ndf_[0-9a-f]{32}$/;

export const isWellFormedFeedToken = (value: string | undefined): value is string =>
  value !== undefined && FEED_TOKEN_SHAPE.test(value);

export const hashFeedToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export class FeedNotFoundError extends NotFoundError {
  constructor(id: string) {
    super(`No feed with id ${id}`);
  }
}

/** Issues, edits, revokes and resolves feed tokens; the plaintext token exists only in what `create` returns. */
export class FeedTokens {
  constructor(
    private readonly feeds: FeedStore,
    private readonly keys: Pick<KeyStore, 'findById'>,
    private readonly clock: Clock,
    private readonly random: (size: number) => Buffer = randomBytes,
  ) {}

  /** A feed of `subscription` for an active key; with an `owner`, only for that account's own key. */
  async create(
    keyId: string,
    subscription: Subscription,
    owner?: string,
  ): Promise<{ id: string; token: string; record: FeedRecord }> {
    const key = await this.keys.findById(keyId);
    if (!key || key.status !== 'active' || (owner !== undefined && key.owner !== owner)) throw new KeyNotFoundError(keyId);
    const token = `ndf_${this.random(16).toString('hex')}`;
    const tokenHash = hashFeedToken(token);
    const record: FeedRecord = {
      tokenHash,
      id: `feed_${tokenHash.slice(0, 12)}`,
      keyHash: key.keyHash,
      status: 'active',
      createdAt: this.clock.now().toISOString(),
      ...(key.owner !== undefined && { owner: key.owner }),
      subscription,
    };
    await this.feeds.createFeed(record);
    return { id: record.id, token, record };
  }

  /** An active feed by id; with an `owner`, only one of that account's. */
  async find(id: string, owner?: string): Promise<FeedRecord> {
    const feed = await this.feeds.findFeedById(id);
    if (!feed || (owner !== undefined && feed.owner !== owner)) throw new FeedNotFoundError(id);
    return feed;
  }

  /** A people feed's new list (and reminder): the URL stays, the next fetch shows it. */
  async editPeople(id: string, people: Person[], reminder: Reminder | undefined, owner?: string): Promise<FeedRecord> {
    const feed = await this.find(id, owner);
    if (feed.status !== 'active') throw new FeedNotFoundError(id);
    if (feed.subscription?.kind !== 'people') throw new ValidationError("Only a people feed's list can be edited");
    const subscription: Subscription = { kind: 'people', people, reminder: reminder ?? feed.subscription.reminder };
    if (!(await this.feeds.setSubscription(feed, subscription))) throw new FeedNotFoundError(id);
    return { ...feed, subscription };
  }

  /** Ends a feed at once; with an `owner`, only one of that account's. */
  async revoke(id: string, owner?: string): Promise<void> {
    await this.feeds.revokeFeed(await this.find(id, owner));
  }

  /** The feed a token opens; 401 for a malformed, unknown or revoked token. */
  async resolve(token: string | undefined): Promise<FeedRecord> {
    if (!isWellFormedFeedToken(token)) throw new UnauthorizedError();
    const feed = await this.feeds.findFeed(hashFeedToken(token));
    if (!feed || feed.status !== 'active') throw new UnauthorizedError();
    return feed;
  }

  /** A feed of old takes the subscription of its first use; a concurrent first use may win instead. */
  adoptSubscription(feed: FeedRecord, subscription: Subscription): Promise<Subscription> {
    return this.feeds.adoptSubscription(feed, subscription);
  }
}
