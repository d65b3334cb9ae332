// Every configuration problem in one message, whatever the mix, each in words a newcomer reads.
import { ConfigError, loadConfig } from '../src/config';
import { problemsOf } from './support/config-problems';
import { echo, isSecretSetting } from '../src/config-fields';


describe('loadConfig problems', () => {
  it('a mixed bad production configuration is reported in one ConfigError naming all of it', () => {
    let caught: unknown;
    try {
      loadConfig({ NODE_ENV: 'production', PORT: 'abc' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const { problems, message } = caught as ConfigError;
    expect(problems).toEqual([
      'PORT: must be a port number from 1 to 65535 (or 0 for any free port); got "abc"',
      expect.stringMatching(/^CUSTOMER_API_URL: is required when NODE_ENV=production/),
      expect.stringMatching(/^HUB_SECRETS \/ CALLER_NETWORKS: one is required when NODE_ENV=production/),
      expect.stringMatching(/^ALLOWED_HOSTS: is required when NODE_ENV=production and HOST is not loopback/),
    ]);
    expect(message.split('\n')).toHaveLength(1 + problems.length);
  });

  it('cross-field checks run beside invalid values of other variables', () => {
    const problems = problemsOf({ PORT: 'x', METRICS_PORT: 'y', SESSION_TTL_MS: '2000', SESSION_REFRESH_MS: '1500', HUB_FILES_READ_KEY: 'svc_ak_1' });
    expect(problems.map((p) => p.split(':')[0])).toEqual(['PORT', 'METRICS_PORT', 'HUB_URL', 'SESSION_REFRESH_MS']);
  });

  it('an invalid value is not also reported as missing', () => {
    expect(problemsOf({ NODE_ENV: 'production', CUSTOMER_API_URL: 'api.example.com', HUB_SECRETS: 'short', ALLOWED_HOSTS: '*' })).toEqual([
      'CUSTOMER_API_URL: must be an absolute http(s) URL, e.g. https://api.example.com; got "api.example.com"',
      expect.stringMatching(/^HUB_SECRETS: each secret must be at least 16 characters/),
    ]);
    expect(problemsOf({ HUB_URL: 'hub', HUB_EMBED_KEY: 'k' }).map((p) => p.split(':')[0])).toEqual(['HUB_URL']);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: must be a port number from 1 to 65535 (or 0 for any free port); got "abc"'],
    [{ PORT: '70000' }, 'PORT: must be a port number from 1 to 65535 (or 0 for any free port); got "70000"'],
    [{ MAX_BODY_BYTES: '1e2' }, 'MAX_BODY_BYTES: must be a whole number of at least 1024; got "1e2"'],
    [{ UPSTREAM_TIMEOUT_MS: '2.5' }, 'UPSTREAM_TIMEOUT_MS: must be a whole number of at least 100; got "2.5"'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: must be one of: fatal, error, warn, info, debug, trace, silent; got "loud"'],
    [{ CALLER_AUTH: 'yes' }, 'CALLER_AUTH: must be one of: on, off; got "yes"'],
    [{ CUSTOMER_API_URL: 'ftp://x' }, 'CUSTOMER_API_URL: must be an absolute http(s) URL, e.g. https://api.example.com; got "ftp://x"'],
    [{ WORKERS: 'many' }, 'WORKERS: must be auto (one per core) or a whole number from 1 to 256; got "many"'],
    [{ PUBLIC_BASE_PATH: 'tools/' }, 'PUBLIC_BASE_PATH: must start with / and not end with /, e.g. /tools; got "tools/"'],
    [{ FORWARD_HEADERS: 'bad header' }, 'FORWARD_HEADERS: must be HTTP header names, comma-separated; got "bad header"'],
    [{ CUSTOMER_API_NAME: 'x'.repeat(61) }, expect.stringMatching(/^CUSTOMER_API_NAME: must be at most 60 characters; got "x{60}"… \(61 characters\)$/)],
  ])('%p is one plain line', (env, line) => {
    expect(problemsOf(env)).toEqual([line]);
  });

  it('no problem repeats zod text', () => {
    const problems = problemsOf({ PORT: 'abc', WORKERS: '0', METRICS_PORT: '-1', SSE_KEEPALIVE_MS: 'soon', HEALTH_SIMULATION: 'maybe' });
    expect(problems).toHaveLength(5);
    for (const problem of problems) expect(problem).not.toMatch(/Invalid input|expected|received|Too small|Too big/);
  });

  it.each([
    ['HUB_SECRETS', 'short-secret'],
    ['HUB_FILES_READ_KEY', 'sk_live_verysecret'],
    ['HUB_SECRET_HEADER', 'authorization'],
    ['REDIS_URL', 'http://user:hunter2@redis'],
    ['OAUTH_CLIENT_SECRET', 'never-shown'],
  ])('%s is never repeated in a problem', (name, value) => {
    expect(isSecretSetting(name)).toBe(true);
    expect(problemsOf({ [name]: value }).join('\n')).not.toContain(value);
  });

  it('a repeated value is cut at 60 characters and a URL loses its password', () => {
    expect(echo('a'.repeat(1000))).toBe(`"${'a'.repeat(60)}"… (1000 characters)`);
    expect(echo('https://user:pw@api.example.com')).toBe('"https://…@api.example.com"');
  });

  it('production on a loopback HOST needs no ALLOWED_HOSTS: only this machine can reach it', () => {
    const env = { NODE_ENV: 'production', CUSTOMER_API_URL: 'https://api.example.com', CALLER_NETWORKS: '10.0.0.0/8' };
    expect(problemsOf({ ...env, HOST: '127.0.0.1' })).toEqual([]);
    expect(problemsOf({ ...env, HOST: '0.0.0.0' })).toEqual([expect.stringMatching(/^ALLOWED_HOSTS: is required .*\(HOST is 0\.0\.0\.0\)/)]);
  });
});
