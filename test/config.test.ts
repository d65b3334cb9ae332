import { ConfigError, loadConfig } from '../src/config';
import { problemsOf } from './support/config-problems';

const SECRET = 'a'.repeat(16);
/** The least a production start needs besides CUSTOMER_API_URL. */
const PRODUCTION = { NODE_ENV: 'production', HUB_SECRETS: SECRET, ALLOWED_HOSTS: 'tools.example.com' };

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      customerApiUrl: undefined,
      logLevel: 'info',
      publicBasePath: '',
      sseKeepAliveMs: 15_000,
      maxBodyBytes: 1_048_576,
      upstream: { timeoutMs: 10_000, maxResponseBytes: 5_242_880, connections: null },
      customAuthHeaders: ['x-api-key', 'x-client-id'],
      healthSimulation: true,
      shutdownGraceMs: 10_000,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('UPSTREAM_CONNECTIONS 0 means no connection limit; a number sets one', () => {
    expect(loadConfig({ UPSTREAM_CONNECTIONS: '0' }).upstream.connections).toBeNull();
    expect(loadConfig({ UPSTREAM_CONNECTIONS: '300' }).upstream.connections).toBe(300);
    expect(() => loadConfig({ UPSTREAM_CONNECTIONS: '-1' })).toThrow(/UPSTREAM_CONNECTIONS/);
  });

  it('FORWARD_HEADERS adds lower-cased names to the custom auth headers', () => {
    expect(loadConfig({ FORWARD_HEADERS: ' X-Org-Key , x-api-key' }).customAuthHeaders).toEqual(['x-api-key', 'x-client-id', 'x-org-key']);
  });

  it.each(['x-user-auth-authorization', 'X-Request-Id', 'authorization', 'x-session-id', 'connection'])(
    'FORWARD_HEADERS may not name %s',
    (name) => {
      expect(() => loadConfig({ FORWARD_HEADERS: name })).toThrow(/FORWARD_HEADERS: may not name/);
    },
  );

  it('reports every problem at once', () => {
    const error = (() => {
      try {
        loadConfig({ PORT: '99999', LOG_LEVEL: 'loud', CUSTOMER_API_URL: 'ftp://x', FORWARD_HEADERS: 'host', HUB_FILES_READ_KEY: 'plain' });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems.map((p) => p.split(':')[0])).toEqual(
      expect.arrayContaining(['PORT', 'LOG_LEVEL', 'CUSTOMER_API_URL', 'FORWARD_HEADERS', 'HUB_FILES_READ_KEY']),
    );
    expect(message).not.toContain('plain'); // a bad key is never echoed
  });

  it('requires CUSTOMER_API_URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/CUSTOMER_API_URL: is required when NODE_ENV=production/);
    expect(loadConfig({ ...PRODUCTION, CUSTOMER_API_URL: 'https://api.example.com/v1' }).customerApiUrl).toBe('https://api.example.com/v1');
  });

  it('requires HUB_URL when a hub key is set', () => {
    expect(() => loadConfig({ HUB_FILES_READ_KEY: 'svc_ak_x' })).toThrow(/HUB_URL: is required when HUB_FILES_READ_KEY is set/);
  });

  it('accepts scoped keys with the svc_ak_ prefix and treats empty variables as unset', () => {
    const config = loadConfig({ HUB_URL: 'http://127.0.0.1:4100', HUB_FILES_READ_KEY: 'svc_ak_abc', HUB_KNOWLEDGE_KEY: '' });
    expect(config.hub).toMatchObject({ filesReadKey: 'svc_ak_abc', knowledgeKey: undefined });
  });

  it('checks PUBLIC_BASE_PATH', () => {
    expect(loadConfig({ PUBLIC_BASE_PATH: '/tools' }).publicBasePath).toBe('/tools');
    expect(() => loadConfig({ PUBLIC_BASE_PATH: 'tools/' })).toThrow(ConfigError);
  });

  describe('who may call', () => {
    const prod = { NODE_ENV: 'production', CUSTOMER_API_URL: 'https://api.example.com' };

    it('outside production: loopback HOST, localhost names, no caller authentication', () => {
      expect(loadConfig({}).door).toEqual({
        allowedHosts: ['localhost', '127.0.0.1', '[::1]'],
        allowedOrigins: expect.arrayContaining(['http://localhost', 'https://127.0.0.1', 'http://[::1]']),
        callerAuth: 'on',
        secretHeader: 'x-hub-secret',
        secrets: [],
        callerNetworks: [],
        trustedProxies: [],
      });
      expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    });

    it('production without HUB_SECRETS, CALLER_NETWORKS or CALLER_AUTH=off fails with one clear problem', () => {
      const problems = problemsOf({ ...prod, ALLOWED_HOSTS: 'tools.example.com' });
      expect(problems).toEqual([expect.stringMatching(/^HUB_SECRETS \/ CALLER_NETWORKS: one is required when NODE_ENV=production/)]);
    });

    it.each([
      ['a secret', { HUB_SECRETS: SECRET }],
      ['a caller network', { CALLER_NETWORKS: '10.0.0.0/8' }],
      ['the explicit opt-out', { CALLER_AUTH: 'off' }],
    ])('production starts with %s', (_label, env) => {
      const config = loadConfig({ ...prod, ALLOWED_HOSTS: 'tools.example.com', ...env });
      expect(config.host).toBe('0.0.0.0');
      expect(config.door.allowedHosts).toEqual(['tools.example.com']);
      expect(config.door.allowedOrigins).toEqual([]); // no browser origin unless named
    });

    it('production on all interfaces needs ALLOWED_HOSTS (or *); on loopback it defaults to localhost names', () => {
      expect(problemsOf({ ...prod, HUB_SECRETS: SECRET })).toEqual([expect.stringMatching(/^ALLOWED_HOSTS: is required when NODE_ENV=production/)]);
      expect(loadConfig({ ...prod, HUB_SECRETS: SECRET, ALLOWED_HOSTS: '*' }).door.allowedHosts).toBe('*');
      expect(loadConfig({ ...prod, HUB_SECRETS: SECRET, HOST: '127.0.0.1' }).door.allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    });

    it('several secrets are accepted for rotation; a short one is refused without being echoed', () => {
      const second = 'b'.repeat(40);
      expect(loadConfig({ HUB_SECRETS: ` ${SECRET} , ${second} ` }).door.secrets).toEqual([SECRET, second]);
      const problems = problemsOf({ HUB_SECRETS: `${SECRET},short-secret` });
      expect(problems).toEqual([expect.stringMatching(/^HUB_SECRETS: each secret must be at least 16 characters/)]);
      expect(problems.join('\n')).not.toContain('short-secret');
    });

    it('CALLER_AUTH=off together with a secret is a contradiction', () => {
      expect(problemsOf({ CALLER_AUTH: 'off', HUB_SECRETS: SECRET })).toEqual([expect.stringMatching(/^CALLER_AUTH: is off, but/)]);
    });

    it.each([
      ['CALLER_NETWORKS', '10.0.0.0/33'],
      ['CALLER_NETWORKS', 'example.com'],
      ['TRUSTED_PROXIES', 'fd00::/129'],
      ['ALLOWED_ORIGINS', 'https://app.example.com/path'],
      ['ALLOWED_HOSTS', 'a.example.com,*'],
      ['HUB_SECRET_HEADER', 'Authorization'],
      ['HUB_SECRET_HEADER', 'X-Api-Key'],
      ['HUB_SECRET_HEADER', 'x-user-id'],
    ])('%s=%s is refused', (name, value) => {
      expect(problemsOf({ [name]: value }).map((p) => p.split(':')[0])).toEqual([name]);
    });

    it('CIDRs of both families, single addresses and origins with ports are accepted', () => {
      const config = loadConfig({
        CALLER_NETWORKS: '10.0.0.0/8, 192.168.1.7, fd00::/8, ::1',
        TRUSTED_PROXIES: '172.16.0.0/12',
        ALLOWED_ORIGINS: 'https://App.example.com, http://localhost:5173',
        HUB_SECRET_HEADER: 'X-Hub-Token',
      });
      expect(config.door).toMatchObject({
        callerNetworks: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1'],
        allowedOrigins: ['https://app.example.com', 'http://localhost:5173'],
        secretHeader: 'x-hub-token',
      });
    });

    it('FORWARD_HEADERS may not name the secret header', () => {
      expect(problemsOf({ HUB_SECRET_HEADER: 'x-hub-token', FORWARD_HEADERS: 'X-Hub-Token' })).toEqual([
        expect.stringMatching(/^FORWARD_HEADERS: may not name the hub's secret header/),
      ]);
    });
  });

  it('per-user limits default to 16 in flight and 300 calls a minute (burst 60); 0 turns one off', () => {
    expect(loadConfig({}).limits).toEqual({ maxInFlight: 16, callsPerMinute: 300, burst: 60 });
    expect(loadConfig({ USER_MAX_IN_FLIGHT: '0', USER_CALLS_PER_MINUTE: '0' }).limits).toMatchObject({ maxInFlight: 0, callsPerMinute: 0 });
  });
});
