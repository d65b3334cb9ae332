import { ConfigError, loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
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
    expect(loadConfig({ NODE_ENV: 'production', CUSTOMER_API_URL: 'https://api.example.com/v1' }).customerApiUrl).toBe('https://api.example.com/v1');
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
});
