import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../../src/config';

const base = { NODE_ENV: 'test' };

describe('settings for replicas and workers', () => {
  it('default to one process, sessions in memory, a 15 s registry expiry refreshed every 5 s', () => {
    const config = loadConfig(base);
    expect(config.redis).toEqual({ url: undefined, prefix: 'mcp:', sessionTtlMs: 15_000, sessionRefreshMs: 5_000 });
    expect(config.workers).toBe(1);
  });

  it('WORKERS=auto is the number of cores', () => {
    expect(loadConfig({ ...base, WORKERS: 'auto' }).workers).toBe(availableParallelism());
    expect(loadConfig({ ...base, WORKERS: '3' }).workers).toBe(3);
  });

  it('refuses a bad REDIS_URL without echoing it, and a refresh slower than half the expiry', () => {
    const attempt = () => loadConfig({ ...base, REDIS_URL: 'http://user:hunter2@redis', SESSION_TTL_MS: '2000', SESSION_REFRESH_MS: '1500', WORKERS: '0' });
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toContain('REDIS_URL: must be a redis:// or rediss:// URL');
    expect(message).toContain('WORKERS');
    expect(message).not.toContain('hunter2');
    expect(() => loadConfig({ ...base, SESSION_TTL_MS: '2000', SESSION_REFRESH_MS: '1500' })).toThrow(/SESSION_REFRESH_MS: must be at most half/);
  });

  it('the default server never loads the Redis client', () => {
    const root = join(__dirname, '..', '..', '..');
    const script = `
      const { loadConfig } = require('./src/config');
      const { createLogger } = require('./src/logger');
      const { sessionBusFromConfig } = require('./src/session-bus');
      require('./src/server');
      sessionBusFromConfig(loadConfig({ NODE_ENV: 'test' }), createLogger({ level: 'silent' }));
      process.stdout.write(String(Object.keys(require.cache).some((path) => path.includes('node_modules/ioredis/'))));
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('false');
  });
});
