/** @type {import('jest').Config} */
// The browser test: the dashboard in headless Chromium (Debian's package), run by `npm run test:browser`.
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test/browser'],
  testMatch: ['**/*.browser-test.ts'],
  transform: { '^.+\\.ts$': 'ts-jest' },
  testTimeout: 60000,
};
