/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { isolatedModules: true }] },
  globalSetup: '<rootDir>/test/support/global-store.ts',
  globalTeardown: '<rootDir>/test/support/global-store-teardown.ts',
  testTimeout: 30000,
};
