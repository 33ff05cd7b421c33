// (primary adapter: bin/keys.ts) --> use cases: create, list, revoke, rotate keys --> (key store, gateway keys)
import { apiKeyIdOf, generateApiKey, hashApiKey, isWellFormedApiKey, type ApiKeyRecord, type Tier } from './api-keys';
import type { Clock } from '../shared/clock';
import { ConflictError, NotFoundError } from '../shared/errors';
import { MAX_ACTIVE_KEYS_PER_ACCOUNT } from '../../contract';

/** Where keys live: by hash, with their tier, status and usage. */
export interface KeyStore {
  createIfAbsent(record: ApiKeyRecord): Promise<boolean>;
  findById(id: string): Promise<StoredKey | undefined>;
  list(): Promise<StoredKey[]>;
  /** Ends a key; true when this call ended it (it was active). */
  revoke(keyHash: string): Promise<boolean>;
  setTier(key: Pick<StoredKey, 'keyHash' | 'id' | 'owner'>, tier: Tier): Promise<void>;
  attachGatewayKey(keyHash: string, gatewayKeyId: string): Promise<void>;
  /**
   * Takes one of an account's places for an active key, atomically, and enters the key in the account's
   * counters: false when all `max` are taken, so concurrent creations never pass the limit. `releaseKeySlot` gives one back when a key ends.
   */
  reserveKeySlot(owner: string, max: number, key: { id: string; tier: Tier }): Promise<boolean>;
  /** Gives the place back, and takes the key out of the account's counters (`month`: the current one). */
  releaseKeySlot(owner: string, keyId: string, month: string): Promise<void>;
}

export interface StoredKey extends ApiKeyRecord {
  gatewayKeyId?: string;
  minuteWindow?: string;
  minuteCount?: number;
  monthWindow?: string;
  monthCount?: number;
}

/** API Gateway's copy of a key, which a deployed stack needs to meter its usage plans. */
export interface GatewayKeys {
  create(input: { id: string; value: string; tier: Tier; label?: string }): Promise<string>;
  disable(gatewayKeyId: string): Promise<void>;
  /** Moves the key from one tier's usage plan to the other's. */
  changePlan(gatewayKeyId: string, from: Tier, to: Tier): Promise<void>;
}

/** No such key, or (for an account) not one of its own: the same answer, so ids leak nothing. */
export class KeyNotFoundError extends NotFoundError {
  constructor(id: string) {
    super(`No key with id ${id}`);
  }
}

export class TooManyKeysError extends ConflictError {
  constructor() {
    super(`An account has at most ${MAX_ACTIVE_KEYS_PER_ACCOUNT} active keys: revoke one to create another`);
  }
}

export interface KeySummary {
  id: string;
  label: string | null;
  tier: Tier;
  status: 'active' | 'revoked';
  created: string;
  usageThisMonth: number;
}

/**
 * Issues and retires keys. The plaintext key exists only in what `create` and `rotate` return (and in
 * API Gateway when a deployed stack is targeted): the store keeps its SHA-256 hash.
 */
export class KeyAdmin {
  constructor(
    private readonly store: KeyStore,
    private readonly clock: Clock,
    private readonly gateway?: GatewayKeys,
    private readonly random?: (size: number) => Buffer,
  ) {}

  /**
   * A new key; with an `owner`, one of that account's places for an active key is taken first. The
   * record comes back as written, so nobody reads a key back through an index that may still lag.
   */
  async create(tier: Tier, label?: string, owner?: string): Promise<{ id: string; key: string; record: ApiKeyRecord }> {
    const key = generateApiKey(this.random);
    const record = this.recordOf(key, tier, label, owner);
    if (owner !== undefined && !(await this.store.reserveKeySlot(owner, MAX_ACTIVE_KEYS_PER_ACCOUNT, record))) {
      throw new TooManyKeysError();
    }
    try {
      await this.record(record, key);
    } catch (error) {
      if (owner !== undefined) await this.store.releaseKeySlot(owner, record.id, this.month());
      throw error;
    }
    return { id: record.id, key, record };
  }

  /**
   * Records a key the operator already holds (local NAMEDAY_KEYS), unless it is recorded already:
   * true when this call added it. Provisioning the same keys twice is a no-op.
   */
  async provision(key: string, tier: Tier, label?: string): Promise<boolean> {
    if (!isWellFormedApiKey(key)) throw new Error('A key is nd_live_ and 32 lower-case hex characters');
    return this.record(this.recordOf(key, tier, label), key);
  }

  private recordOf(key: string, tier: Tier, label?: string, owner?: string): ApiKeyRecord {
    const keyHash = hashApiKey(key);
    return {
      keyHash,
      id: apiKeyIdOf(keyHash),
      tier,
      status: 'active',
      ...(label && { label }),
      createdAt: this.clock.now().toISOString(),
      ...(owner !== undefined && { owner }),
      lastFour: key.slice(-4),
    };
  }

  /** Stores the record (and API Gateway's copy of the key, on a stack); false when it was there already. */
  private async record(record: ApiKeyRecord, key: string): Promise<boolean> {
    if (!(await this.store.createIfAbsent(record))) return false;
    if (this.gateway) {
      const { id, tier, label, keyHash } = record;
      try {
        await this.store.attachGatewayKey(keyHash, await this.gateway.create({ id, value: key, tier, ...(label && { label }) }));
      } catch (error) {
        // A key API Gateway does not know would be refused there: do not leave it usable anywhere.
        await this.store.revoke(keyHash);
        throw error;
      }
    }
    return true;
  }

  private month(): string {
    return this.clock.now().toISOString().slice(0, 7);
  }

  async list(): Promise<KeySummary[]> {
    const month = this.month();
    return (await this.store.list())
      .map((key) => ({
        id: key.id,
        label: key.label ?? null,
        tier: key.tier,
        status: key.status,
        created: key.createdAt,
        usageThisMonth: key.monthWindow === month ? (key.monthCount ?? 0) : 0,
      }))
      .sort((a, b) => a.created.localeCompare(b.created) || a.id.localeCompare(b.id));
  }

  /**
   * A key by id; with an `owner`, only that account's own (another's is "not found", never "forbidden").
   */
  async find(id: string, owner?: string): Promise<StoredKey> {
    const key = await this.store.findById(id);
    if (!key || (owner !== undefined && key.owner !== owner)) throw new KeyNotFoundError(id);
    return key;
  }

  /** Ends a key at once: the next request with it is 401. Its account gets its place back. Returns it as ended. */
  async revoke(id: string, owner?: string): Promise<StoredKey> {
    const key = await this.find(id, owner);
    const ended = await this.store.revoke(key.keyHash);
    if (ended && key.owner !== undefined) await this.store.releaseKeySlot(key.owner, key.id, this.month());
    if (this.gateway && key.gatewayKeyId) await this.gateway.disable(key.gatewayKeyId);
    return { ...key, status: 'revoked' };
  }

  /**
   * An operator's change of tier (a customer's dashboard key to paid, say): the counters stay, the
   * next request is counted on the new tier, and on a deployed stack the key changes usage plan.
   */
  async setTier(id: string, tier: Tier): Promise<void> {
    const key = await this.find(id);
    if (key.tier === tier) return;
    await this.store.setTier(key, tier);
    if (this.gateway && key.gatewayKeyId) await this.gateway.changePlan(key.gatewayKeyId, key.tier, tier);
  }

  /**
   * The spec's rotation, step one: a new key with the same tier, label and account. The old key stays
   * valid until it is revoked, once clients have switched and the new key is verified.
   */
  async rotate(id: string, owner?: string): Promise<{ id: string; key: string; record: ApiKeyRecord; replaces: string }> {
    const old = await this.find(id, owner);
    const created = await this.create(old.tier, old.label, old.owner);
    return { ...created, replaces: id };
  }
}
