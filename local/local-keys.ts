import {
  apiKeyIdOf,
  generateApiKey,
  hashApiKey,
  isTier,
  isWellFormedApiKey,
  type ApiKeyRecord,
  type Tier,
} from '../lambda/core/api-keys';
import type { DynamoDbApiKeyRepository } from '../lambda/adapters/dynamodb/dynamodb-api-key-repository';

export interface KeySpec {
  tier: Tier;
  key: string;
}

/** Parses NAMEDAY_KEYS, "free:nd_live_<32 hex>,paid:nd_live_<32 hex>"; throws with the reason. */
export const parseKeySpecs = (value: string): KeySpec[] =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((part, index) => {
      const [tier, key] = part.split(':', 2);
      if (!tier || !isTier(tier)) throw new Error(`NAMEDAY_KEYS entry ${index + 1}: tier must be free or paid`);
      if (!isWellFormedApiKey(key)) {
        throw new Error(`NAMEDAY_KEYS entry ${index + 1}: key must be nd_live_ and 32 lower-case hex characters`);
      }
      return { tier, key };
    });

const recordFor = (spec: KeySpec, label: string, now: Date): ApiKeyRecord => {
  const keyHash = hashApiKey(spec.key);
  return { keyHash, id: apiKeyIdOf(keyHash), tier: spec.tier, status: 'active', label, createdAt: now.toISOString() };
};

/** Stores the given keys (by hash) unless already there: starting twice with the same keys is a no-op. */
export const provisionKeys = async (
  repository: DynamoDbApiKeyRepository,
  specs: KeySpec[],
  now: Date,
): Promise<{ created: number; existing: number }> => {
  let created = 0;
  for (const spec of specs) if (await repository.createIfAbsent(recordFor(spec, 'NAMEDAY_KEYS', now))) created += 1;
  return { created, existing: specs.length - created };
};

/** A free-tier key for a store that has none yet; the caller shows it once, it is never stored in clear. */
export const createDemoKey = async (repository: DynamoDbApiKeyRepository, now: Date): Promise<string | undefined> => {
  if (await repository.hasAnyKey()) return undefined;
  const key = generateApiKey();
  await repository.createIfAbsent(recordFor({ tier: 'free', key }, 'demo', now));
  return key;
};
