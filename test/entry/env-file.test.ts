import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEnvFile, withEnvFile } from '../../src/env-file';
import { startEntry } from '../support/entry';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'env-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('readEnvFile', () => {
  it('without a file reads nothing and names no file', () => {
    expect(readEnvFile(join(dir, '.env'))).toEqual({ path: undefined, vars: {} });
  });

  it('parses the file as Node does (comments, quotes, empty values)', () => {
    writeFileSync(join(dir, '.env'), '# a comment\nPORT=4000\nHUB_URL="http://hub.example"\nFORWARD_HEADERS=\n');
    expect(readEnvFile(join(dir, '.env'))).toEqual({
      path: join(dir, '.env'),
      vars: { PORT: '4000', HUB_URL: 'http://hub.example', FORWARD_HEADERS: '' },
    });
  });

  it('variables set in the environment win over the file', () => {
    const file = { path: '.env', vars: { PORT: '4000', LOG_LEVEL: 'debug' } };
    expect(withEnvFile({ PORT: '5000' }, file)).toEqual({ PORT: '5000', LOG_LEVEL: 'debug' });
  });
});

describe('the entry point with a .env file', () => {
  it('reads .env from its working directory, lets the environment win, and logs which file it read', async () => {
    // The file alone would silence the log; the environment's LOG_LEVEL=info must win.
    writeFileSync(join(dir, '.env'), 'PORT=0\nHOST=127.0.0.1\nLOG_LEVEL=silent\nCUSTOMER_API_URL=http://127.0.0.1:9/from-dotenv\n');
    const entry = startEntry({ cwd: dir, env: { LOG_LEVEL: 'info', NODE_ENV: 'development' } });
    try {
      await entry.waitFor('tool server listening');
      const lines = entry.output().split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.find((line) => line.envFile !== undefined)).toMatchObject({ envFile: join(dir, '.env') });
      expect(lines.find((line) => line.msg === 'tool server listening')).toMatchObject({ customerApiUrl: 'http://127.0.0.1:9/from-dotenv' });
    } finally {
      entry.stop();
      await once(entry.child, 'exit');
    }
  });

  it('says so when there is no .env file', async () => {
    const entry = startEntry({ cwd: dir, env: { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', CUSTOMER_API_URL: 'http://127.0.0.1:9' } });
    try {
      await entry.waitFor('tool server listening');
      expect(entry.output()).toContain('no .env file: settings from the environment only');
    } finally {
      entry.stop();
      await once(entry.child, 'exit');
    }
  });
});
