/**
 * Tests live in test/ (the framework, on its own fixtures) and beside the code they test (tools/*.test.ts,
 * example-api/*.test.ts), so a fork that deletes the examples deletes their tests with them.
 * Type errors fail `npm test` through its pretest step: one incremental `tsc --noEmit` over the whole
 * project (a few seconds) instead of ts-jest's per-file diagnostics, which type-check the same imports
 * again in every worker. `npx jest <file>` skips it, for a quick loop; `npm run typecheck` checks alone.
 * `npm test` runs jest with --experimental-vm-modules: the OAuth libraries (jose, oauth4webapi, and
 * oidc-provider in tests) are ES modules, loaded with `await import()`, which jest supports only with it.
 * For a quick loop on those tests: `npm test -- test/auth`.
 */
const { existsSync } = require('node:fs');
const { join } = require('node:path');

module.exports = {
  testEnvironment: 'node',
  // Only folders that exist: a fork may have deleted example-api/.
  roots: ['test', 'tools', 'example-api', 'cli', 'hub-emulator'].filter((dir) => existsSync(join(__dirname, dir))).map((dir) => `<rootDir>/${dir}`),
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { diagnostics: false }],
  },
  testTimeout: 20000,
};
