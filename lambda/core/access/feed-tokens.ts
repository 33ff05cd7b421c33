// (primary adapters: key command; feed routes) --> use cases: issue, revoke, resolve feed tokens --> (feed store)
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../shared/clock';
import { NotFoundError, UnauthorizedError } from '../shared/errors';
import { KeyNotFoundError, type KeyStore } from './key-admin';

/**
 * A feed token stands in for a key in a calendar app's subscription URL, which can carry no header.
 * It is stored only as its hash, tied to one key, and revocable on its own.
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
}

/** Where feed tokens live. */
export interface FeedStore {
  createFeed(record: FeedRecord): Promise<void>;
  findFeed(tokenHash: string): Promise<FeedRecord | undefined>;
  findFeedById(id: string): Promise<FeedRecord | undefined>;
  revokeFeed(tokenHash: string): Promise<void>;
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

/** Issues, revokes and resolves feed tokens; the plaintext token exists only in what `create` returns. */
export class FeedTokens {
  constructor(
    private readonly feeds: FeedStore,
    private readonly keys: Pick<KeyStore, 'findById'>,
    private readonly clock: Clock,
    private readonly random: (size: number) => Buffer = randomBytes,
  ) {}

  /** A feed for an active key; with an `owner`, only for that account's own key. */
  async create(keyId: string, owner?: string): Promise<{ id: string; token: string }> {
    const key = await this.keys.findById(keyId);
    if (!key || key.status !== 'active' || (owner !== undefined && key.owner !== owner)) throw new KeyNotFoundError(keyId);
    const token = `ndf_${this.random(16).toString('hex')}`;
    const tokenHash = hashFeedToken(token);
    const id = `feed_${tokenHash.slice(0, 12)}`;
    await this.feeds.createFeed({
      tokenHash,
      id,
      keyHash: key.keyHash,
      status: 'active',
      createdAt: this.clock.now().toISOString(),
      ...(key.owner !== undefined && { owner: key.owner }),
    });
    return { id, token };
  }

  /** Ends a feed at once; with an `owner`, only one of that account's. */
  async revoke(id: string, owner?: string): Promise<void> {
    const feed = await this.feeds.findFeedById(id);
    if (!feed || (owner !== undefined && feed.owner !== owner)) throw new FeedNotFoundError(id);
    await this.feeds.revokeFeed(feed.tokenHash);
  }

  /** The hash of the key a token's calls count against; 401 for a malformed, unknown or revoked token. */
  async keyHashOf(token: string | undefined): Promise<string> {
    if (!isWellFormedFeedToken(token)) throw new UnauthorizedError();
    const feed = await this.feeds.findFeed(hashFeedToken(token));
    if (!feed || feed.status !== 'active') throw new UnauthorizedError();
    return feed.keyHash;
  }
}
