/**
 * The host matrix (scripts/host-matrix.sh): real hosts driven by a scripted model, one file per host
 * (*.host.ts), run in parallel. Not part of `npm test`: the hosts live in a cache outside the project
 * (scripts/hosts/install.sh), which a fresh clone does not have.
 */
const base = require('../../jest.config.js');

module.exports = {
  ...base,
  rootDir: '../..',
  roots: ['<rootDir>/test/hosts'],
  testMatch: ['**/*.host.ts'],
  testTimeout: 120000,
};
