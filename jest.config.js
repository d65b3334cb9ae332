/** Tests run the TypeScript sources directly; `npm run typecheck` does the type checking. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { diagnostics: false }],
  },
  testTimeout: 20000,
};
