// The suite does not depend on the developer's machine: no copy takes their `.env`, no worker
// inherits their settings, and every process a test starts goes through test/support/children.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { SETTING_NAMES } from '../../src/config';
import { hermeticEnvironment } from '../support/jest/global-setup';
import { copyProject, ROOT } from '../support/project-copy';

describe('a copy of the project', () => {
  it("never takes the developer's .env or its variants, and keeps .env.example and nested files of that name", () => {
    const tree = mkdtempSync(join(tmpdir(), 'with-env-'));
    for (const name of ['.env', '.env.local', '.env.production', '.env.example', 'package.json']) writeFileSync(join(tree, name), 'CUSTOMER_API_URL=http://127.0.0.1:9/api\n');
    mkdirSync(join(tree, 'docs'));
    writeFileSync(join(tree, 'docs', '.env'), 'a file of the template, not settings');
    const copy = copyProject('hermetic-copy-', tree);
    try {
      expect(readdirSync(copy.root).sort()).toEqual(['.env.example', 'docs', 'node_modules', 'package.json']);
      expect(existsSync(join(copy.root, 'docs', '.env'))).toBe(true);
    } finally {
      copy.remove();
    }
  });
});

describe('the global setup', () => {
  it('takes every setting of the server and the stand-ins out of the environment, and keeps the rest', () => {
    const env: NodeJS.ProcessEnv = {
      PATH: '/usr/bin',
      HOME: '/home/dev',
      NODE_OPTIONS: '--experimental-vm-modules',
      PORT: '4000',
      HOST: '0.0.0.0',
      CUSTOMER_API_URL: 'http://127.0.0.1:9/api',
      LOG_LEVEL: 'debug',
      MCP_AUTH: 'oauth',
      OAUTH_ISSUER: 'http://127.0.0.1:9400',
      OAUTH_CLIENT_SECRET: 'tool-server-secret-0123456789abcdef',
      AUTH_SERVER_PORT: '9400',
      HUB_EMULATOR_PORT: '4100',
      NODE_ENV: 'production',
    };
    const removed = hermeticEnvironment(env);
    expect(env).toEqual({ PATH: '/usr/bin', HOME: '/home/dev', NODE_OPTIONS: '--experimental-vm-modules', NODE_ENV: 'test' });
    expect(removed).toEqual(expect.arrayContaining(['PORT', 'HOST', 'CUSTOMER_API_URL', 'OAUTH_CLIENT_SECRET', 'AUTH_SERVER_PORT']));
  });

  it('left this worker no setting of the server', () => {
    const left = SETTING_NAMES.filter((name) => name !== 'NODE_ENV' && process.env[name] !== undefined);
    expect(left).toEqual([]);
    expect(process.env.NODE_ENV).toBe('test');
  });
});

describe("the suite's own files", () => {
  /** Every .ts file under test/ and beside the examples, but the one module allowed to spawn. */
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (name === 'node_modules' || name === 'fixtures') return [];
      return statSync(path).isDirectory() ? files(path) : name.endsWith('.ts') ? [path] : [];
    });

  it('start processes only through test/support/children (or run them to the end, synchronously)', () => {
    const roots = ['test', 'tools', 'example-api', 'hub-emulator'].map((dir) => join(ROOT, dir)).filter(existsSync);
    const direct = roots
      .flatMap(files)
      .filter((file) => !file.endsWith(join('support', 'children.ts')))
      .filter((file) => /\.test\.ts$|[\\/]test[\\/]/.test(file))
      .filter((file) => /import\s*\{[^}]*\b(spawn|fork|exec|execFile)\b[^}]*\}\s*from\s*'node:child_process'/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(direct).toEqual(['test/cluster/drain-barrier.test.ts']);
  });
});
