import {
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { UsageCounter } from '../../core/access/admission';
import type { FeedRecord, FeedStore } from '../../core/access/feed-tokens';
import type { KeyStore, StoredKey } from '../../core/access/key-admin';
import type { AccountItems, OwnedItems } from '../../core/access/account-keys';
import type { ApiKeyRecord, Tier } from '../../core/access/api-keys';
import type { Limits } from '../../contract';
import type { CountPlan, KeyUsage, UsageWindows } from '../../core/access/usage-windows';
import { allItems } from './store-calls';
import { guardStoreCall, isConditionFailure } from './store-errors';

/*
 * One item per key: keyHash (pk), id, tier, status, label, createdAt, and the usage counters
 * minuteWindow/minuteCount and monthWindow/monthCount. Counting is one UpdateItem whose condition
 * checks, atomically, that the key is active, that the stored windows are the ones the plan expects,
 * and that the limits leave room; so N concurrent requests admit exactly min(N, limit).
 */
const COUNT_UPDATES: Readonly<Record<CountPlan, { condition: string; update: string }>> = {
  'same-minute': {
    condition:
      '#status = :active AND minuteWindow = :minute AND minuteCount < :rate AND monthWindow = :month AND (#tier = :paid OR monthCount < :quota)',
    update: 'SET minuteCount = minuteCount + :one, monthCount = monthCount + :one',
  },
  'new-minute': {
    condition:
      '#status = :active AND (attribute_not_exists(minuteWindow) OR minuteWindow <> :minute) AND monthWindow = :month AND (#tier = :paid OR monthCount < :quota)',
    update: 'SET minuteWindow = :minute, minuteCount = :one, monthCount = monthCount + :one',
  },
  'new-month': {
    condition: '#status = :active AND (attribute_not_exists(monthWindow) OR monthWindow <> :month)',
    update: 'SET minuteWindow = :minute, minuteCount = :one, monthWindow = :month, monthCount = :one',
  },
};

/*
 * Feed tokens live in the same table under their own partition space: keyHash = "feed#<token hash>",
 * with the key they count against in `feedOf`. One table keeps the stack's grants as they are.
 */
const FEED_PREFIX = 'feed#';
const isFeedItem = (item: { keyHash: string }) => item.keyHash.startsWith(FEED_PREFIX);
/*
 * An account's count of active keys: keyHash = "account#<owner>", activeKeys. A key hash is hex, so a
 * "#" marks every item that is not a key.
 */
const ACCOUNT_PREFIX = 'account#';
const isKeyItem = (item: { keyHash: string }) => !item.keyHash.includes('#');

interface FeedItem {
  keyHash: string;
  id: string;
  feedOf: string;
  status: 'active' | 'revoked';
  createdAt: string;
  owner?: string;
}

const feedOfItem = (item: FeedItem): FeedRecord => ({
  tokenHash: item.keyHash.slice(FEED_PREFIX.length),
  id: item.id,
  keyHash: item.feedOf,
  status: item.status,
  createdAt: item.createdAt,
  ...(item.owner !== undefined && { owner: item.owner }),
});

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

  async findByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
    const result = await guardStoreCall(() =>
      this.client.send(new GetCommand({ TableName: this.tableName, Key: { keyHash }, ConsistentRead: true })),
    );
    return result.Item as ApiKeyRecord | undefined;
  }

  async count(keyHash: string, plan: CountPlan, windows: UsageWindows, limits: Limits): Promise<KeyUsage | undefined> {
    const { condition, update } = COUNT_UPDATES[plan];
    try {
      const result = await guardStoreCall(() =>
        this.client.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: { keyHash },
            ConditionExpression: `attribute_exists(keyHash) AND ${condition}`,
            UpdateExpression: update,
            ExpressionAttributeNames: { '#status': 'status', ...(condition.includes('#tier') && { '#tier': 'tier' }) },
            ExpressionAttributeValues: {
              ':active': 'active',
              ':minute': windows.minute,
              ':month': windows.month,
              ':one': 1,
              ...(condition.includes(':rate') && { ':rate': limits.ratePerMinute }),
              ...(condition.includes(':quota') && { ':quota': limits.freeMonthlyQuota, ':paid': 'paid' }),
            },
            ReturnValues: 'ALL_NEW',
          }),
        ),
      );
      return result.Attributes as KeyUsage;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  read(keyHash: string): Promise<KeyUsage | undefined> {
    return this.findByHash(keyHash);
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
    return (await allItems<StoredKey>(this.client, { scan: { TableName: this.tableName } })).filter(isKeyItem);
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
    return {
      keys: items.filter(isKeyItem) as StoredKey[],
      feeds: items.filter(isFeedItem).map((item) => feedOfItem(item as FeedItem)),
    };
  }

  reserveKeySlot(owner: string, max: number): Promise<boolean> {
    return this.addActiveKeys(owner, 1, 'attribute_not_exists(activeKeys) OR activeKeys < :bound', max);
  }

  async releaseKeySlot(owner: string): Promise<void> {
    // Never below zero: a count that is already zero has nothing to give back.
    await this.addActiveKeys(owner, -1, 'activeKeys > :bound', 0);
  }

  private addActiveKeys(owner: string, change: 1 | -1, condition: string, bound: number): Promise<boolean> {
    return writeIf(() =>
      this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { keyHash: `${ACCOUNT_PREFIX}${owner}` },
          ConditionExpression: condition,
          UpdateExpression: 'ADD activeKeys :change',
          ExpressionAttributeValues: { ':change': change, ':bound': bound },
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

  async revokeFeed(tokenHash: string): Promise<void> {
    await this.revoke(`${FEED_PREFIX}${tokenHash}`);
  }

  /** The old status comes back with the write, so only the call that ended the key says so. */
  async revoke(keyHash: string): Promise<boolean> {
    return (await this.setAttribute(keyHash, 'status', 'revoked')) === 'active';
  }

  async setTier(keyHash: string, tier: Tier): Promise<void> {
    await this.setAttribute(keyHash, 'tier', tier);
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
