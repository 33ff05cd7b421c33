import { createHash, randomBytes } from 'node:crypto';

export type Tier = 'free' | 'paid';
export const TIERS: readonly Tier[] = ['free', 'paid'];

export interface ApiKeyRecord {
  /** SHA-256 of the key, hex: the only form in which a key is stored. */
  keyHash: string;
  id: string;
  tier: Tier;
  status: 'active' | 'revoked';
  label?: string;
  createdAt: string;
  /** The account (user pool subject) that made the key in the dashboard; absent for operator keys. */
  owner?: string;
  /** The key's last four characters, so a person can tell keys apart; 16 of its 128 random bits. */
  lastFour?: string;
}

const API_KEY_SHAPE = /^nd_live_[0-9a-f]{32}$/;

/** A key is refused on its shape alone before any store is touched. */
export const isWellFormedApiKey = (value: string | undefined): value is string =>
  value !== undefined && API_KEY_SHAPE.test(value);

export const hashApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** A key's public id, derived from its hash so that provisioning the same key twice is a no-op. */
export const apiKeyIdOf = (keyHash: string): string => `key_${keyHash.slice(0, 12)}`;

export const generateApiKey = (random: (size: number) => Buffer = randomBytes): string => `nd_live_${random(16).toString('hex')}`;

export const isTier = (value: string): value is Tier => (TIERS as readonly string[]).includes(value);
