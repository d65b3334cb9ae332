// MCP_SERVER_NAME, _TITLE, _DESCRIPTION and MCP_PUBLIC_URL: validated with the rest of the configuration,
// every problem at once; the defaults come from package.json, the version always does.
import { loadConfig } from '../../src/config';
import { placeholderName, shortDescription } from '../../src/card/settings';
import { description, version } from '../../package.json';
import { problemsOf } from '../support/config-problems';

const OAUTH = {
  MCP_AUTH: 'oauth',
  OAUTH_ISSUER: 'https://auth.example.com',
  OAUTH_RESOURCE: 'https://tools.example.com/mcp',
  OAUTH_CLIENT_ID: 'tool-server',
  OAUTH_CLIENT_SECRET: 'very-secret-value-0123456789',
  UPSTREAM_AUTH: 'token-exchange',
  UPSTREAM_AUDIENCE: 'https://api.example.com',
};

describe('card settings', () => {
  it('unset: a placeholder name under com.example, package.json\'s version and description, no title, no public URL', () => {
    expect(loadConfig({}).card).toEqual({
      identity: { name: 'com.example/mcp-tool-server-template', version, description },
      publicUrl: undefined,
    });
    expect(description.length).toBeLessThanOrEqual(100);
  });

  it('set: the identity every document and handshake gives', () => {
    const card = loadConfig({ MCP_SERVER_NAME: 'io.github.acme/orders', MCP_SERVER_TITLE: ' Orders ', MCP_SERVER_DESCRIPTION: 'Read orders.', MCP_PUBLIC_URL: 'https://tools.acme.com/mcp' }).card;
    expect(card).toEqual({ identity: { name: 'io.github.acme/orders', version, title: 'Orders', description: 'Read orders.' }, publicUrl: 'https://tools.acme.com/mcp' });
  });

  it.each(['orders', 'com.example/', '-com.example/orders', 'com.example/orders-', 'com.example/a/b', 'com_example/orders', `com.example/${'x'.repeat(200)}`].map((name) => [name.length > 40 ? `${name.slice(0, 20)}… (${name.length} characters)` : name, name]))(
    'MCP_SERVER_NAME=%s is refused with the form it needs',
    (_label, name) => {
      expect(problemsOf({ MCP_SERVER_NAME: name })).toEqual([expect.stringMatching(/^MCP_SERVER_NAME: must be namespace\/name in reverse-DNS form, e\.g\. com\.example\/orders/)]);
    },
  );

  it('a title or description over 100 characters, or blank, is refused; every problem at once', () => {
    expect(problemsOf({ MCP_SERVER_TITLE: 't'.repeat(101), MCP_SERVER_DESCRIPTION: '   ', MCP_PUBLIC_URL: 'ftp://x' })).toEqual([
      expect.stringMatching(/^MCP_SERVER_TITLE: must be at most 100 characters/),
      expect.stringMatching(/^MCP_SERVER_DESCRIPTION: must not be empty/),
      expect.stringMatching(/^MCP_PUBLIC_URL: must be an absolute http\(s\) URL/),
    ]);
  });

  it('MCP_PUBLIC_URL must be https:// in production', () => {
    const production = { NODE_ENV: 'production', CUSTOMER_API_URL: 'https://api.example.com', CALLER_AUTH: 'off', ALLOWED_HOSTS: 'tools.example.com' };
    expect(problemsOf({ ...production, MCP_PUBLIC_URL: 'http://tools.example.com/mcp' })).toEqual(['MCP_PUBLIC_URL: must be an https:// URL when NODE_ENV=production']);
    expect(problemsOf({ ...production, MCP_PUBLIC_URL: 'https://tools.example.com/mcp' })).toEqual([]);
  });

  it('with MCP_AUTH=oauth, OAUTH_RESOURCE is the public URL; an MCP_PUBLIC_URL that differs is refused', () => {
    expect(loadConfig(OAUTH).card.publicUrl).toBe(OAUTH.OAUTH_RESOURCE);
    expect(loadConfig({ ...OAUTH, MCP_PUBLIC_URL: OAUTH.OAUTH_RESOURCE }).card.publicUrl).toBe(OAUTH.OAUTH_RESOURCE);
    expect(problemsOf({ ...OAUTH, MCP_PUBLIC_URL: 'https://other.example.com/mcp' })).toEqual([expect.stringMatching(/^MCP_PUBLIC_URL: differs from OAUTH_RESOURCE/)]);
  });
});

describe('defaults from package.json', () => {
  it('a description over 100 characters is cut at a word, with an ellipsis', () => {
    const long = 'Reference MCP tool server for the assistant hub: SSE + JSON-RPC, credential pass-through to your own REST API, health.';
    const cut = shortDescription(long);
    expect(cut).toBe('Reference MCP tool server for the assistant hub: SSE + JSON-RPC, credential pass-through to your…');
    expect([...cut].length).toBeLessThanOrEqual(100);
    expect(shortDescription('Short.')).toBe('Short.');
  });

  it('a scoped or spaced package name becomes a valid placeholder name', () => {
    expect(placeholderName('@acme/order tools')).toBe('com.example/order-tools');
    expect(placeholderName('mcp-tool-server-template')).toBe('com.example/mcp-tool-server-template');
    expect(placeholderName('@@@')).toBe('com.example/server');
  });
});
