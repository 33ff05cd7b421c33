import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { errorResponse } from '../../../../lambda/adapters/http/error-mapper';
import { limitHeaders } from '../../../../lambda/adapters/http/limit-headers';
import { DynamoDbApiKeyRepository } from '../../../../lambda/adapters/dynamodb/dynamodb-api-key-repository';
import { Admission, type UsageCounter } from '../../../../lambda/core/access/admission';
import { apiKeyIdOf, generateApiKey, hashApiKey, type Tier } from '../../../../lambda/core/access/api-keys';
import {
  QuotaExceededError,
  RateLimitedError,
  StoreUnavailableError,
  UnauthorizedError,
} from '../../../../lambda/core/shared/errors';
import { startEmbeddedStore, type EmbeddedStore } from '../../../../local/embedded-store';
import { KeyAdmin } from '../../../../lambda/core/access/key-admin';

let store: EmbeddedStore;
let repository: DynamoDbApiKeyRepository;
beforeAll(async () => {
  store = await startEmbeddedStore();
  repository = new DynamoDbApiKeyRepository(store.client, store.tables.apiKeys);
});
afterAll(() => store.close());

const freshKey = async (tier: Tier = 'free'): Promise<string> => {
  const key = generateApiKey();
  const keyHash = hashApiKey(key);
  await repository.createIfAbsent({
    keyHash,
    id: apiKeyIdOf(keyHash),
    tier,
    status: 'active',
    createdAt: '2026-01-01T00:00:00Z',
  });
  return key;
};

/** A clock the test moves by hand. */
const manualClock = (iso: string) => {
  let now = new Date(iso);
  return { now: () => now, set: (next: string) => (now = new Date(next)) };
};

const refusalOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('Admission against dynalite', () => {
  it('admits exactly the limit in a minute, then 429 with Retry-After, and again in the next minute', async () => {
    const clock = manualClock('2026-11-21T10:00:15Z');
    const admission = new Admission(repository, { ratePerMinute: 5, freeMonthlyQuota: 1000 }, clock);
    const key = await freshKey();
    const remaining: string[] = [];
    for (let index = 0; index < 5; index += 1)
      remaining.push(limitHeaders(await admission.admit(key))['X-RateLimit-Remaining'] as string);
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    const refused = await refusalOf(admission.admit(key));
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect(errorResponse(refused).headers).toMatchObject({
      'Retry-After': '45',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(Date.UTC(2026, 10, 21, 10, 1) / 1000),
      'X-Quota-Remaining': '995',
    });
    clock.set('2026-11-21T10:01:00Z');
    expect(limitHeaders(await admission.admit(key))['X-RateLimit-Remaining']).toBe('4');
  });

  it('rolls the month over from 31 December to 1 January', async () => {
    const clock = manualClock('2026-12-31T23:59:58Z');
    const admission = new Admission(repository, { ratePerMinute: 60, freeMonthlyQuota: 3 }, clock);
    const key = await freshKey();
    for (let index = 0; index < 3; index += 1) await admission.admit(key);
    expect(await refusalOf(admission.admit(key))).toBeInstanceOf(QuotaExceededError);
    clock.set('2027-01-01T00:00:00Z');
    expect(limitHeaders(await admission.admit(key))).toMatchObject({ 'X-Quota-Remaining': '2', 'X-RateLimit-Remaining': '59' });
  });

  it('answers 402 before 429 when both the quota and the minute are spent', async () => {
    const clock = manualClock('2026-11-21T10:00:00Z');
    const admission = new Admission(repository, { ratePerMinute: 2, freeMonthlyQuota: 2 }, clock);
    const key = await freshKey();
    await admission.admit(key);
    await admission.admit(key);
    const refused = await refusalOf(admission.admit(key));
    expect(refused).toBeInstanceOf(QuotaExceededError);
    expect(errorResponse(refused).headers).toMatchObject({ 'X-Quota-Remaining': '0', 'X-RateLimit-Remaining': '0' });
  });

  it('gives a paid key no quota and no quota headers', async () => {
    const admission = new Admission(repository, { ratePerMinute: 100, freeMonthlyQuota: 1 }, manualClock('2026-11-21T10:00:00Z'));
    const key = await freshKey('paid');
    for (let index = 0; index < 3; index += 1)
      expect(limitHeaders(await admission.admit(key))).not.toHaveProperty('X-Quota-Limit');
  });

  it('refuses a revoked key with 401 from the moment of revocation', async () => {
    const admission = new Admission(
      repository,
      { ratePerMinute: 60, freeMonthlyQuota: 1000 },
      manualClock('2026-11-21T10:00:00Z'),
    );
    const key = await freshKey();
    await admission.admit(key);
    await store.client.send(
      new UpdateCommand({
        TableName: store.tables.apiKeys,
        Key: { keyHash: hashApiKey(key) },
        UpdateExpression: 'SET #status = :revoked',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':revoked': 'revoked' },
      }),
    );
    expect(await refusalOf(admission.admit(key))).toBeInstanceOf(UnauthorizedError);
  });

  it('refuses an unknown key with 401', async () => {
    const admission = new Admission(
      repository,
      { ratePerMinute: 60, freeMonthlyQuota: 1000 },
      manualClock('2026-11-21T10:00:00Z'),
    );
    expect(await refusalOf(admission.admit(generateApiKey()))).toBeInstanceOf(UnauthorizedError);
  });

  it.each([
    undefined,
    '',
    'nd_live_',
    `nd_live_${'A'.repeat(32)}`,
    `nd_live_${'a'.repeat(32)} `,
    `nd_live_${'a'.repeat(100000)}`,
  ])('refuses the malformed key %j with 401 without touching the store', async (key) => {
    const untouchable: UsageCounter = {
      bind: () => Promise.reject(new Error('store touched')),
      adopt: () => Promise.reject(new Error('store touched')),
      count: () => Promise.reject(new Error('store touched')),
      read: () => Promise.reject(new Error('store touched')),
    };
    const admission = new Admission(
      untouchable,
      { ratePerMinute: 60, freeMonthlyQuota: 1000 },
      manualClock('2026-11-21T10:00:00Z'),
    );
    expect(await refusalOf(admission.admit(key))).toBeInstanceOf(UnauthorizedError);
  });

  it('answers 503 when the store fails, never admitting an uncounted request', async () => {
    const failing: UsageCounter = {
      bind: () => Promise.reject(new StoreUnavailableError(1)),
      adopt: () => Promise.reject(new StoreUnavailableError(1)),
      count: () => Promise.reject(new StoreUnavailableError(1)),
      read: () => Promise.reject(new StoreUnavailableError(1)),
    };
    const admission = new Admission(failing, { ratePerMinute: 60, freeMonthlyQuota: 1000 }, manualClock('2026-11-21T10:00:00Z'));
    expect(await refusalOf(admission.admit(generateApiKey()))).toBeInstanceOf(StoreUnavailableError);
  });

  it('admits exactly min(N, limit) of N concurrent requests, and counts exactly those', async () => {
    const admission = new Admission(
      repository,
      { ratePerMinute: 60, freeMonthlyQuota: 1000 },
      manualClock('2026-11-21T10:00:30Z'),
    );
    const key = await freshKey();
    const outcomes = await Promise.allSettled(Array.from({ length: 100 }, () => admission.admit(key)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(60);
    expect(
      outcomes.filter((outcome) => outcome.status === 'rejected' && outcome.reason instanceof RateLimitedError),
    ).toHaveLength(40);
    expect(await repository.findByHash(hashApiKey(key))).toMatchObject({ minuteCount: 60, monthCount: 60 });
  });
});

describe("Admission on an account's record", () => {
  const limits = { ratePerMinute: 5, freeMonthlyQuota: 20 };
  let accounts = 0;
  const account = () => `account-${(accounts += 1)}-${Date.now()}`;
  const admin = (clock: { now: () => Date }) => new KeyAdmin(repository, clock);

  it('counts every key of an account on one month, exactly under concurrency, each key on its own minute', async () => {
    const clock = manualClock('2026-11-21T10:00:10Z');
    const owner = account();
    const keys = await Promise.all([1, 2, 3, 4].map(() => admin(clock).create('free', undefined, owner)));
    // Each process learns the keys' account by itself: four processes, as four warm Lambda instances.
    const processes = keys.map(() => new Admission(repository, limits, clock));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, index) => processes[index % 4]!.admit(keys[index % 4]!.key)),
    );
    // Four keys at five a minute admit twenty, which is also the whole month.
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(20);
    clock.set('2026-11-21T10:01:10Z');
    for (const [index, created] of keys.entries()) {
      expect(await refusalOf(processes[index]!.admit(created.key))).toBeInstanceOf(QuotaExceededError);
    }
    const item = await repository.findByHash(`account#${owner}`);
    expect(item).toMatchObject({ monthWindow: '2026-11', monthCount: 20 });
  });

  it('counts a feed against the month once a UTC day, yet holds it to the minute limit', async () => {
    const clock = manualClock('2026-11-21T10:00:10Z');
    const owner = account();
    const { key, record } = await admin(clock).create('free', undefined, owner);
    const admission = new Admission(repository, limits, clock);
    const standings = [];
    for (let index = 0; index < 5; index += 1) standings.push(await admission.admitKeyHash(record.keyHash, 'feed_0123456789ab'));
    expect(standings.map((standing) => standing.quota?.remaining)).toEqual([19, 19, 19, 19, 19]);
    expect(await refusalOf(admission.admitKeyHash(record.keyHash, 'feed_0123456789ab'))).toBeInstanceOf(RateLimitedError);
    // Another process, the same day: still counted once.
    clock.set('2026-11-21T18:00:00Z');
    expect(
      (await new Admission(repository, limits, clock).admitKeyHash(record.keyHash, 'feed_0123456789ab')).quota?.remaining,
    ).toBe(19);
    expect((await admission.admit(key)).quota?.remaining).toBe(18);
    clock.set('2026-11-22T00:00:00Z');
    expect((await admission.admitKeyHash(record.keyHash, 'feed_0123456789ab')).quota?.remaining).toBe(17);
  });

  it('refuses a revoked key at once in a process that knows its account', async () => {
    const clock = manualClock('2026-11-21T10:00:10Z');
    const owner = account();
    const created = await admin(clock).create('free', undefined, owner);
    const admission = new Admission(repository, limits, clock);
    await admission.admit(created.key);
    await admin(clock).revoke(created.id, owner);
    expect(await refusalOf(admission.admit(created.key))).toBeInstanceOf(UnauthorizedError);
  });

  it("takes a dashboard key of old into its account's month with what it counted, once", async () => {
    const clock = manualClock('2026-11-21T10:00:10Z');
    const owner = account();
    // A key and an account record as the store held them before the month was the account's.
    const key = generateApiKey();
    const keyHash = hashApiKey(key);
    await repository.createIfAbsent({
      keyHash,
      id: apiKeyIdOf(keyHash),
      tier: 'free',
      status: 'active',
      createdAt: '2026-01-01T00:00:00Z',
      owner,
    });
    await store.client.send(
      new UpdateCommand({
        TableName: store.tables.apiKeys,
        Key: { keyHash },
        UpdateExpression: 'SET monthWindow = :month, monthCount = :count, minuteWindow = :minute, minuteCount = :count',
        ExpressionAttributeValues: { ':month': '2026-11', ':count': 7, ':minute': '2026-11-20T09:00' },
      }),
    );
    await store.client.send(
      new UpdateCommand({
        TableName: store.tables.apiKeys,
        Key: { keyHash: `account#${owner}` },
        UpdateExpression: 'SET activeKeys = :one',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    const outcomes = await Promise.all([1, 2, 3].map(() => new Admission(repository, limits, clock).admit(key)));
    expect(outcomes.map((standing) => standing.quota?.remaining).sort()).toEqual([10, 11, 12]);
    const rotated = await admin(clock).rotate(apiKeyIdOf(keyHash), owner);
    expect((await new Admission(repository, limits, clock).admit(rotated.key)).quota?.remaining).toBe(9);
    expect(await repository.findByHash(`account#${owner}`)).toMatchObject({ monthCount: 11, activeKeys: 2 });
  });
});
