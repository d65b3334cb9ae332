// Before any test file runs: the suite does not depend on the developer's shell. Every setting
// the server, the hub emulator and the local authorization server read is taken out of the environment
// the test workers inherit (a test gives each server it starts its settings explicitly), and a fresh
// file records the processes the tests start, for the global teardown's check.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SETTING_NAMES } from '../../../src/config';
import { REGISTRY_VARIABLE } from '../children';

/** Settings of the development stand-ins, which have no names in src/config. */
const STAND_IN_PREFIXES = /^(AUTH_SERVER|HUB_EMULATOR)_/;

export function hermeticEnvironment(env: NodeJS.ProcessEnv): string[] {
  const removed = Object.keys(env).filter((name) => SETTING_NAMES.includes(name) || STAND_IN_PREFIXES.test(name));
  for (const name of removed) delete env[name];
  env.NODE_ENV = 'test';
  return removed;
}

export default function globalSetup(): void {
  hermeticEnvironment(process.env);
  const registry = join(mkdtempSync(join(tmpdir(), 'test-children-')), 'processes.tsv');
  writeFileSync(registry, '');
  process.env[REGISTRY_VARIABLE] = registry;
}
