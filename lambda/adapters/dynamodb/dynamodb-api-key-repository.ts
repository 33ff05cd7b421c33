import {
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { BoundKey, FeedCount, KeyBinding, UsageCounter } from '../../core/access/admission';
import type { FeedRecord, FeedStore } from '../../core/access/feed-tokens';
import type { KeyStore, StoredKey } from '../../core/access/key-admin';
import type { AccountItems, OwnedItems } from '../../core/access/account-keys';
import type { ApiKeyRecord, Tier } from '../../core/access/api-keys';
import type { Subscription } from '../../core/feeds/subscription';
import type { Limits } from '../../contract';
import type { CountPlan, FeedVisit, KeyUsage, UsageWindows } from '../../core/access/usage-windows';
import {
  ACCOUNT_PREFIX,
  accountItemKey,
  countingRecordOf,
  countWrite,
  feedDayAttribute,
  keyAttributes,
  usageFromItem,
} from './usage-items';
import { allItems } from './store-calls';
import { guardStoreCall, isConditionFailure } from './store-errors';

/*
 * One item per key: keyHash (pk), id, tier, status, label, createdAt, owner; a key with no account also
 * holds its usage counters (minuteWindow/minuteCount, monthWindow/monthCount). How requests are counted,
 * on the account's record for a dashboard key, is in usage-items.ts.
 */
/*
 * Feed tokens live in the same table under their own partition space: keyHash = "feed#<token hash>",
 * with the key they count against in `feedOf`. One table keeps the stack's grants as they are.
 */
const FEED_PREFIX = 'feed#';
const isFeedItem = (item: { keyHash: string }) => item.keyHash.startsWith(FEED_PREFIX);
/*
 * An account's record: keyHash = "account#<owner>", its count of active keys (activeKeys), and the
 * counters its keys share (usage-items.ts). A key hash is hex, so a "#" marks every item that is not a key.
 */
const isKeyItem = (item: { keyHash: string }) => !item.keyHash.includes('#');

interface FeedItem {
  keyHash: string;
  id: string;
  feedOf: string;
  status: 'active' | 'revoked';
  createdAt: string;
  owner?: string;
  subscription?: Subscription;
}

const feedOfItem = (item: FeedItem): FeedRecord => ({
  tokenHash: item.keyHash.slice(FEED_PREFIX.length),
  id: item.id,
  keyHash: item.feedOf,
  status: item.status,
  createdAt: item.createdAt,
  ...(item.owner !== undefined && { owner: item.owner }),
  ...(item.subscription !== undefined && { subscription: item.subscription }),
});

/**
 * A dashboard key's counters as its account's record holds them (its minute, its share of the month);
 * a key the account's record does not know keeps those of its own record (a key from before).
 */
const withAccountCounters = (key: StoredKey, account: Record<string, unknown> | undefined): StoredKey => {
  if (!account || key.owner === undefined) return key;
  const attributes = keyAttributes(key.id);
  if (account[attributes.standing] === undefined) return key;
  const shares = Object.keys(account)
    .filter((name) => name.startsWith(attributes.monthShare('')))
    .sort();
  const latest = shares.at(-1);
  // The key's own counters stopped when the account's began: only the account's are shown.
  const rest: StoredKey = { ...key };
  delete rest.minuteWindow;
  delete rest.minuteCount;
  delete rest.monthWindow;
  delete rest.monthCount;
  return {
    ...rest,
    ...(account[attributes.minuteWindow] !== undefined && {
      minuteWindow: account[attributes.minuteWindow] as string,
      minuteCount: account[attributes.minuteCount] as number,
    }),
    ...(latest !== undefined && { monthWindow: latest.slice(-7), monthCount: account[latest] as number }),
  };
};

const accountMonthIn = (item: Record<string, unknown> | undefined): OwnedItems['accountMonth'] =>
  item?.monthWindow === undefined
    ? undefined
    : { window: item.monthWindow as string, count: (item.monthCount as number | undefined) ?? 0 };

/** One conditional write: false when its condition does not hold, any other failure thrown. */
const writeIf = async (write: () => Promise<unknown>): Promise<boolean> => {
  try {
    await guardStoreCall(write);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

export class DynamoDbApiKeyRepository implements UsageCounter, KeyStore, FeedStore, AccountItems {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async findByHash(keyHash: string): Promise<StoredKey | undefined> {
    const result = await guardStoreCall(() =>
      this.client.send(new GetCommand({ TableName: this.tableName, Key: { keyHash }, ConsistentRead: true })),
    );
    return result.Item as StoredKey | undefined;
  }

  async bind(keyHash: string): Promise<BoundKey | undefined> {
    const key: StoredKey | undefined = await this.findByHash(keyHash);
    if (!key || key.keyHash.includes('#')) return undefined;
    return {
      keyHash,
      keyId: key.id,
      ...(key.owner !== undefined && { owner: key.owner }),
      status: key.status,
      tier: key.tier,
      ...(key.minuteWindow !== undefined && { minuteWindow: key.minuteWindow }),
      ...(key.monthWindow !== undefined && { monthWindow: key.monthWindow }),
      ...(key.monthCount !== undefined && { monthCount: key.monthCount }),
    };
  }

  async count(
    binding: KeyBinding,
    plan: CountPlan,
    windows: UsageWindows,
    limits: Limits,
    feed?: FeedCount,
  ): Promise<KeyUsage | undefined> {
    const write = countWrite(binding, plan, windows, limits, feed);
    try {
      const result = await guardStoreCall(() =>
        this.client.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: write.key,
            ConditionExpression: write.condition,
            UpdateExpression: write.update,
            ExpressionAttributeNames: write.names,
            ExpressionAttributeValues: write.values,
            ReturnValues: 'ALL_NEW',
          }),
        ),
      );
      return usageFromItem(binding, result.Attributes, windows, feed);
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  async read(binding: KeyBinding, windows: UsageWindows, feed?: FeedVisit): Promise<KeyUsage | undefined> {
    const result = await guardStoreCall(() =>
      this.client.send(new GetCommand({ TableName: this.tableName, Key: countingRecordOf(binding), ConsistentRead: true })),
    );
    return usageFromItem(binding, result.Item, windows, feed);
  }

  /**
   * A dashboard key made before the month was the account's: entered into its account's record once
   * (the condition holds only while the record does not know it), bringing this month's count with it,
   * so no call it made is forgotten.
   */
  async adopt(key: BoundKey, windows: UsageWindows): Promise<void> {
    if (key.owner === undefined) return;
    const attributes = keyAttributes(key.keyId);
    const carried = key.monthWindow === windows.month ? (key.monthCount ?? 0) : 0;
    const account = await guardStoreCall(() =>
      this.client.send(
        new GetCommand({ TableName: this.tableName, Key: { keyHash: accountItemKey(key.owner!) }, ConsistentRead: true }),
      ),
    );
    const current = account.Item?.monthWindow === windows.month;
    await writeIf(() =>
      this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { keyHash: accountItemKey(key.owner!) },
          ConditionExpression: `attribute_not_exists(#standing) AND ${current ? 'monthWindow = :month' : '(attribute_not_exists(monthWindow) OR monthWindow <> :month)'}`,
          UpdateExpression: current
            ? 'SET #standing = :tier, #share = :carried ADD monthCount :carried'
            : 'SET #standing = :tier, #share = :carried, monthWindow = :month, monthCount = :carried',
          ExpressionAttributeNames: { '#standing': attributes.standing, '#share': attributes.monthShare(windows.month) },
          ExpressionAttributeValues: { ':tier': key.tier, ':carried': carried, ':month': windows.month },
        }),
      ),
    );
  }

  /** Stores a key unless its hash is already there; true when this call created it. */
  createIfAbsent(record: ApiKeyRecord): Promise<boolean> {
    return writeIf(() =>
      this.client.send(
        new PutCommand({ TableName: this.tableName, Item: record, ConditionExpression: 'attribute_not_exists(keyHash)' }),
      ),
    );
  }

  async findById(id: string): Promise<StoredKey | undefined> {
    const result = await guardStoreCall(() =>
      this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: 'ById',
          KeyConditionExpression: 'id = :id',
          ExpressionAttributeValues: { ':id': id },
        }),
      ),
    );
    return result.Items?.[0] as StoredKey | undefined;
  }

  async list(): Promise<StoredKey[]> {
    const items = await allItems<StoredKey>(this.client, { scan: { TableName: this.tableName } });
    const accounts = new Map(items.filter((item) => item.keyHash.startsWith(ACCOUNT_PREFIX)).map((item) => [item.keyHash, item]));
    return items
      .filter(isKeyItem)
      .map((key) =>
        withAccountCounters(
          key,
          key.owner === undefined ? undefined : (accounts.get(accountItemKey(key.owner)) as Record<string, unknown> | undefined),
        ),
      );
  }

  /** An account's keys and feeds: feeds carry their key's owner, so one query of the index finds both. */
  async listOwned(owner: string): Promise<OwnedItems> {
    const items = await allItems<{ keyHash: string }>(this.client, {
      query: {
        TableName: this.tableName,
        IndexName: 'ByOwner',
        KeyConditionExpression: '#owner = :owner',
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: { ':owner': owner },
      },
    });
    const accountItem = await this.accountItemOf(owner);
    const accountMonth = accountMonthIn(accountItem);
    return {
      keys: (items.filter(isKeyItem) as StoredKey[]).map((key) => withAccountCounters(key, accountItem)),
      feeds: items.filter(isFeedItem).map((item) => feedOfItem(item as FeedItem)),
      ...(accountMonth && { accountMonth }),
    };
  }

  async accountMonthOf(owner: string): Promise<OwnedItems['accountMonth']> {
    return accountMonthIn(await this.accountItemOf(owner));
  }

  private async accountItemOf(owner: string): Promise<Record<string, unknown> | undefined> {
    const account = await guardStoreCall(() =>
      this.client.send(
        new GetCommand({ TableName: this.tableName, Key: { keyHash: accountItemKey(owner) }, ConsistentRead: true }),
      ),
    );
    return account.Item;
  }

  /** Takes a place for the key and enters it, active on its tier, into the account's record, in one write. */
  reserveKeySlot(owner: string, max: number, key: { id: string; tier: Tier }): Promise<boolean> {
    return writeIf(() =>
      this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { keyHash: accountItemKey(owner) },
          ConditionExpression: 'attribute_not_exists(activeKeys) OR activeKeys < :max',
          UpdateExpression: 'SET #standing = :tier ADD activeKeys :one',
          ExpressionAttributeNames: { '#standing': keyAttributes(key.id).standing },
          ExpressionAttributeValues: { ':tier': key.tier, ':one': 1, ':max': max },
        }),
      ),
    );
  }

  /**
   * Gives the key's place back and takes the key out of the account's record, so that its next request
   * is refused there too, and the record keeps nothing of a key that is gone. Never below zero keys.
   */
  async releaseKeySlot(owner: string, keyId: string, month: string): Promise<void> {
    const attributes = keyAttributes(keyId);
    await writeIf(() =>
      this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { keyHash: accountItemKey(owner) },
          ConditionExpression: 'activeKeys > :zero',
          UpdateExpression: 'ADD activeKeys :minus REMOVE #standing, #mw, #mc, #share',
          ExpressionAttributeNames: {
            '#standing': attributes.standing,
            '#mw': attributes.minuteWindow,
            '#mc': attributes.minuteCount,
            '#share': attributes.monthShare(month),
          },
          ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
        }),
      ),
    );
  }

  async createFeed(feed: FeedRecord): Promise<void> {
    const item: FeedItem = {
      keyHash: `${FEED_PREFIX}${feed.tokenHash}`,
      id: feed.id,
      feedOf: feed.keyHash,
      status: feed.status,
      createdAt: feed.createdAt,
      ...(feed.owner !== undefined && { owner: feed.owner }),
      ...(feed.subscription !== undefined && { subscription: feed.subscription }),
    };
    await guardStoreCall(() =>
      this.client.send(
        new PutCommand({ TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(keyHash)' }),
      ),
    );
  }

  async findFeed(tokenHash: string): Promise<FeedRecord | undefined> {
    const result = await guardStoreCall(() =>
      this.client.send(
        new GetCommand({ TableName: this.tableName, Key: { keyHash: `${FEED_PREFIX}${tokenHash}` }, ConsistentRead: true }),
      ),
    );
    return result.Item ? feedOfItem(result.Item as FeedItem) : undefined;
  }

  async findFeedById(id: string): Promise<FeedRecord | undefined> {
    const item = (await this.findById(id)) as unknown as FeedItem | undefined;
    return item && isFeedItem(item) ? feedOfItem(item) : undefined;
  }

  setSubscription(feed: FeedRecord, subscription: Subscription): Promise<boolean> {
    return writeIf(() =>
      this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { keyHash: `${FEED_PREFIX}${feed.tokenHash}` },
          ConditionExpression: '#status = :active',
          UpdateExpression: 'SET subscription = :subscription',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':active': 'active', ':subscription': subscription },
        }),
      ),
    );
  }

  async adoptSubscription(feed: FeedRecord, subscription: Subscription): Promise<Subscription> {
    const adopted = await writeIf(() =>
      this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { keyHash: `${FEED_PREFIX}${feed.tokenHash}` },
          ConditionExpression: 'attribute_exists(keyHash) AND attribute_not_exists(subscription)',
          UpdateExpression: 'SET subscription = :subscription',
          ExpressionAttributeValues: { ':subscription': subscription },
        }),
      ),
    );
    if (adopted) return subscription;
    return (await this.findFeed(feed.tokenHash))?.subscription ?? subscription;
  }

  /** Ends the feed, and clears its day from the record it counted on (nothing is kept of a feed that is gone). */
  async revokeFeed(feed: FeedRecord): Promise<void> {
    await this.revoke(`${FEED_PREFIX}${feed.tokenHash}`);
    await writeIf(() =>
      this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { keyHash: feed.owner === undefined ? feed.keyHash : accountItemKey(feed.owner) },
          ConditionExpression: 'attribute_exists(keyHash)',
          UpdateExpression: 'REMOVE #day',
          ExpressionAttributeNames: { '#day': feedDayAttribute(feed.id) },
        }),
      ),
    );
  }

  /** The old status comes back with the write, so only the call that ended the key says so. */
  async revoke(keyHash: string): Promise<boolean> {
    return (await this.setAttribute(keyHash, 'status', 'revoked')) === 'active';
  }

  /** The key's record, and for a dashboard key its standing in the account's record while it is active. */
  async setTier(key: Pick<StoredKey, 'keyHash' | 'id' | 'owner'>, tier: Tier): Promise<void> {
    await this.setAttribute(key.keyHash, 'tier', tier);
    if (key.owner === undefined) return;
    await writeIf(() =>
      this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { keyHash: accountItemKey(key.owner!) },
          ConditionExpression: '#standing IN (:free, :paid)',
          UpdateExpression: 'SET #standing = :tier',
          ExpressionAttributeNames: { '#standing': keyAttributes(key.id).standing },
          ExpressionAttributeValues: { ':tier': tier, ':free': 'free', ':paid': 'paid' },
        }),
      ),
    );
  }

  async attachGatewayKey(keyHash: string, gatewayKeyId: string): Promise<void> {
    await this.setAttribute(keyHash, 'gatewayKeyId', gatewayKeyId);
  }

  /** Sets one attribute of an item that exists; returns the attribute's value before. */
  private async setAttribute(keyHash: string, name: string, value: string): Promise<unknown> {
    const result = await guardStoreCall(() =>
      this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { keyHash },
          ConditionExpression: 'attribute_exists(keyHash)',
          UpdateExpression: 'SET #name = :value',
          ExpressionAttributeNames: { '#name': name },
          ExpressionAttributeValues: { ':value': value },
          ReturnValues: 'UPDATED_OLD',
        }),
      ),
    );
    return result.Attributes?.[name];
  }

  async hasAnyKey(): Promise<boolean> {
    const result = await guardStoreCall(() =>
      this.client.send(new ScanCommand({ TableName: this.tableName, Limit: 1, ProjectionExpression: 'keyHash' })),
    );
    return (result.Items ?? []).length > 0;
  }
}
