// (primary adapter: bin/keys.ts) --> use cases: create, list, revoke, rotate keys --> (key store, gateway keys)
import { apiKeyIdOf, generateApiKey, hashApiKey, isWellFormedApiKey, type ApiKeyRecord, type Tier } from './api-keys';
import type { Clock } from '../shared/clock';

/** Where keys live: by hash, with their tier, status and usage. */
export interface KeyStore {
  createIfAbsent(record: ApiKeyRecord): Promise<boolean>;
  findById(id: string): Promise<StoredKey | undefined>;
  list(): Promise<StoredKey[]>;
  revoke(keyHash: string): Promise<void>;
  attachGatewayKey(keyHash: string, gatewayKeyId: string): Promise<void>;
}

export interface StoredKey extends ApiKeyRecord {
  gatewayKeyId?: string;
  monthWindow?: string;
  monthCount?: number;
}

/** API Gateway's copy of a key, which a deployed stack needs to meter its usage plans. */
export interface GatewayKeys {
  create(input: { id: string; value: string; tier: Tier; label?: string }): Promise<string>;
  disable(gatewayKeyId: string): Promise<void>;
}

export class KeyNotFoundError extends Error {
  constructor(id: string) {
    super(`No key with id ${id}`);
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

  async create(tier: Tier, label?: string): Promise<{ id: string; key: string }> {
    const key = generateApiKey(this.random);
    await this.record(key, tier, label);
    return { id: apiKeyIdOf(hashApiKey(key)), key };
  }

  /**
   * Records a key the operator already holds (local NAMEDAY_KEYS), unless it is recorded already:
   * true when this call added it. Provisioning the same keys twice is a no-op.
   */
  async provision(key: string, tier: Tier, label?: string): Promise<boolean> {
    if (!isWellFormedApiKey(key)) throw new Error('A key is nd_live_ and 32 lower-case hex characters');
    return this.record(key, tier, label);
  }

  private async record(key: string, tier: Tier, label?: string): Promise<boolean> {
    const keyHash = hashApiKey(key);
    const id = apiKeyIdOf(keyHash);
    const record: ApiKeyRecord = {
      keyHash,
      id,
      tier,
      status: 'active',
      ...(label && { label }),
      createdAt: this.clock.now().toISOString(),
    };
    if (!(await this.store.createIfAbsent(record))) return false;
    if (this.gateway) {
      try {
        await this.store.attachGatewayKey(keyHash, await this.gateway.create({ id, value: key, tier, label }));
      } catch (error) {
        // A key API Gateway does not know would be refused there: do not leave it usable anywhere.
        await this.store.revoke(keyHash);
        throw error;
      }
    }
    return true;
  }

  async list(): Promise<KeySummary[]> {
    const month = this.clock.now().toISOString().slice(0, 7);
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

  /** Ends a key at once: the next request with it is 401. */
  async revoke(id: string): Promise<void> {
    const key = await this.store.findById(id);
    if (!key) throw new KeyNotFoundError(id);
    await this.store.revoke(key.keyHash);
    if (this.gateway && key.gatewayKeyId) await this.gateway.disable(key.gatewayKeyId);
  }

  /**
   * The spec's rotation, step one: a new key with the same tier and label. The old key stays valid
   * until it is revoked, once clients have switched and the new key is verified.
   */
  async rotate(id: string): Promise<{ id: string; key: string; replaces: string }> {
    const old = await this.store.findById(id);
    if (!old) throw new KeyNotFoundError(id);
    const created = await this.create(old.tier, old.label);
    return { ...created, replaces: id };
  }
}
