import { isTier, isWellFormedApiKey, type Tier } from '../lambda/core/access/api-keys';
import type { KeyAdmin } from '../lambda/core/access/key-admin';

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

/** Records the given keys through the key admin, like `npm run keys`; starting twice is a no-op. */
export const provisionKeys = async (admin: KeyAdmin, specs: KeySpec[]): Promise<{ created: number; existing: number }> => {
  let created = 0;
  for (const spec of specs) if (await admin.provision(spec.key, spec.tier, 'NAMEDAY_KEYS')) created += 1;
  return { created, existing: specs.length - created };
};

/** A free-tier key for a store that has none yet; the caller shows it once, it is never stored in clear. */
export const createDemoKey = async (admin: KeyAdmin, storeHasKeys: () => Promise<boolean>): Promise<string | undefined> =>
  (await storeHasKeys()) ? undefined : (await admin.create('free', 'demo')).key;
