/**
 * Tests live in test/ (the framework, on its own fixtures) and beside the code they test (tools/*.test.ts,
 * example-api/*.test.ts), so a fork that deletes the examples deletes their tests with them.
 * Type errors fail `npm test` through its pretest step: one incremental `tsc --noEmit` over the whole
 * project (a few seconds with TypeScript 7's native compiler) instead of per-file diagnostics, which type-check the same imports
 * again in every worker. `npx jest <file>` skips it, for a quick loop; `npm run typecheck` checks alone.
 * `npm test` runs jest with --experimental-vm-modules: the OAuth libraries (jose, oauth4webapi, and
 * oidc-provider in tests) are ES modules, loaded with `await import()`, which jest supports only with it.
 * For a quick loop on those tests: `npm test -- test/auth`.
 * The suite is hermetic: the global setup takes every setting out of the environment the
 * workers inherit, copies never take the developer's `.env`, and every process a test starts
 * (test/support/children) is ended with its file by the test environment; the global teardown fails the
 * run, naming the command, if one outlived it.
 */
const { existsSync } = require('node:fs');
const { join } = require('node:path');

module.exports = {
  testEnvironment: '<rootDir>/test/support/jest/environment.ts',
  globalSetup: '<rootDir>/test/support/jest/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/jest/global-teardown.ts',
  // Only folders that exist: a fork may have deleted example-api/.
  roots: ['test', 'tools', 'example-api', 'cli', 'hub-emulator'].filter((dir) => existsSync(join(__dirname, dir))).map((dir) => `<rootDir>/${dir}`),
  testMatch: ['**/*.test.ts'],
  transform: {
    // Transpile only, with esbuild: types are checked once, by pretest (test/support/jest/transform.js).
    '^.+\\.ts$': '<rootDir>/test/support/jest/transform.js',
  },
  // A bound on a hang, not a speed check: a test that starts servers or copies the project takes seconds
  // on an idle machine and tens of seconds on a loaded one (load 5-20 on 2 cores), where 20 s failed tests
  // that were only slow. Tests wait for events; none asserts on elapsed time.
  testTimeout: 120000,
  // A worker's heap grows by about 14 MB a test file (garbage the collector has room to leave: with a
  // collection after each file it stays near 100 MB; 1 GB and 1.4 GB of RSS each by the end of a run) and
  // a heap that size takes longer than jest's 500 ms to tear down when the worker ends on a loaded machine:
  // jest then kills it and prints "A worker process has failed to exit gracefully". A worker whose heap is
  // past this after a file is replaced (a SIGTERM; about a second).
  workerIdleMemoryLimit: '512MB',
};
