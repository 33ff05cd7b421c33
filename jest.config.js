/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': 'ts-jest' },
  globalSetup: '<rootDir>/test/support/global-store.ts',
  globalTeardown: '<rootDir>/test/support/global-store-teardown.ts',
  testTimeout: 30000,
  // Jest's default leaves a core idle on a two-core machine; the suite is CPU-bound, so use them all.
  maxWorkers: '100%',
};
