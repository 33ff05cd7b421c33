import { apiKeyIdOf, generateApiKey, hashApiKey, isWellFormedApiKey } from '../../../../lambda/core/access/api-keys';

describe('API key shape', () => {
  const key = 'nd_live_0123456789abcdef0123456789abcdef';

  it.each([
    ['', false],
    [key, true],
    [`${key} `, false],
    [` ${key}`, false],
    [key.toUpperCase(), false],
    [key.replace('nd_live_', 'ND_LIVE_'), false],
    [`${key}0`, false],
    [key.slice(0, -1), false],
    [key.replace('0123', '012g'), false],
    [`${key}\n`, false],
  ])('isWellFormedApiKey(%j) is %s', (value, expected) => {
    expect(isWellFormedApiKey(value)).toBe(expected);
  });

  it('generates keys of the documented shape from the random source', () => {
    expect(generateApiKey(() => Buffer.alloc(16, 0xab))).toBe(`nd_live_${'ab'.repeat(16)}`);
    expect(isWellFormedApiKey(generateApiKey())).toBe(true);
    expect(generateApiKey()).not.toBe(generateApiKey());
  });

  it('stores a SHA-256 hash and derives a stable public id from it', () => {
    const hash = hashApiKey(key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(key.slice(8));
    expect(apiKeyIdOf(hash)).toBe(`key_${hash.slice(0, 12)}`);
  });
});
