// The host matrix for mcp-remote in MCP_AUTH=oauth (scripts/host-matrix.sh): the bridge signs in through
// the bundled authorization server (auth-server/) with its own defaults, given the URL alone as
// docs/connect-your-host.md says, written with `localhost` as the README writes it while OAUTH_RESOURCE
// names 127.0.0.1: the metadata names the URL it was given (OAUTH_RESOURCE_ALIASES' loopback default). It prints the authorization URL and waits for its loopback callback;
// the test plays the user's browser (cli/sign-in/form.ts: the demo user's sign-in form, then consent) and
// lands on that callback, so no terminal and no browser are needed. Then the SDK v1 stdio client, as
// Claude Desktop, lists and calls tools through the bridge with the token it got.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signInAndConsent } from '../../cli/sign-in/form';
import { startOAuthStack, type OAuthStack } from '../auth/oauth-stack';
import { killGroup } from '../support/children';
import { freePort, tryListen } from '../support/processes';
import { requireBinary } from './hosts/host';

const EVERY_SCOPE = 'orders:read orders:write offline_access';
/** The URL the bridge is given: the README's host name, not the one OAUTH_RESOURCE is written with. */
const mcpUrl = (port: number | string) => `http://localhost:${port}/mcp`;
/** The callback port mcp-remote derives from the URL it is given (its calculateDefaultPort over the URL's md5). */
const derivedCallbackPort = (url: string) => 3335 + (parseInt(createHash('md5').update(url).digest('hex').slice(0, 4), 16) % 45816);
/**
 * A free port for /mcp whose derived callback port is free too. When the derived port is taken,
 * mcp-remote 0.15.1 moves its callback server to the next port but has already sent the authorization
 * server the derived one, so the code exchange fails with invalid_grant. That is the bridge's bug, and the
 * derived port falls in the ephemeral range, where any outgoing connection of the machine can hold it:
 * choosing the server's port keeps the bridge on its own defaults without tripping over it.
 */
async function portWithFreeCallback(): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    if ((await tryListen(derivedCallbackPort(mcpUrl(port)))) !== undefined) return port;
    if (attempt === 20) throw new Error('no port for /mcp whose mcp-remote callback port is free, in 20 tries');
  }
}

describe('mcp-remote on /mcp given http://localhost:<port>/mcp (MCP_AUTH=oauth, OAUTH_RESOURCE on 127.0.0.1, the bundled authorization server)', () => {
  let stack: OAuthStack;
  let client: Client;
  let transport: StdioClientTransport;
  let authDir: string;
  let stderr = '';
  let callback = '';
  let authorization: URL | undefined;
  /** The callback port mcp-remote derives from the URL it is given, free when the test started it. */
  let derivedPort = 0;

  beforeAll(async () => {
    const port = await portWithFreeCallback();
    derivedPort = derivedCallbackPort(mcpUrl(port));
    // As `npm run auth-server` does for a loopback resource, the authorization server issues tokens for both names.
    stack = await startOAuthStack({ port, registration: true, env: { OAUTH_RESOURCE: `http://127.0.0.1:${port}/mcp`, OAUTH_CHALLENGE_SCOPE: EVERY_SCOPE }, resources: { [mcpUrl(port)]: { scopes: ['orders:read', 'orders:write'] } } });
    const home = mkdtempSync(join(tmpdir(), 'host-mcp-remote-oauth-'));
    authDir = join(home, '.mcp-auth');
    // setsid: the bridge leads a process group of its own, which afterAll ends whatever happened.
    // BROWSER=true: its opener "opens" nothing; the authorization URL is read from what it prints.
    transport = new StdioClientTransport({
      command: 'setsid',
      args: [requireBinary('mcp-remote'), mcpUrl(port)],
      env: { PATH: process.env.PATH ?? '', HOME: home, MCP_REMOTE_CONFIG_DIR: authDir, BROWSER: 'true' },
      stderr: 'pipe',
    });
    /** Resolves with the first capture of `pattern` in what the bridge prints (whole lines: a chunk may end inside one). */
    const printed = (pattern: RegExp) =>
      new Promise<string>((resolve) => {
        const look = () => {
          const found = pattern.exec(stderr)?.[1];
          if (found === undefined) return;
          transport.stderr!.off('data', look);
          resolve(found);
        };
        transport.stderr!.on('data', look);
      });
    transport.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const authorizationUrl = printed(/Please authorize this client by visiting:\s*(\S+)\r?\n/).then((url) => new URL(url));
    // It opens its callback server on 127.0.0.1 when it needs it, sometimes after printing the URL.
    const callbackServer = printed(/OAuth callback server running at (http:\/\/127\.0\.0\.1:\d+)/);
    client = new Client({ name: 'host-matrix', version: '0.0.0' });
    const connected = client.connect(transport);
    try {
      authorization = await Promise.race([authorizationUrl, connected.then(() => undefined)]);
      if (authorization) {
        // Its callback port is derived from the server's URL; the authorization URL names the redirect.
        callback = authorization.searchParams.get('redirect_uri') ?? '';
        const answer = await signInAndConsent(authorization, callback);
        const landed = await fetch(`${await callbackServer}${new URL(callback).pathname}?${answer.toString()}`);
        if (!landed.ok) throw new Error(`its callback answered ${landed.status}`);
      }
      await connected;
    } catch (error) {
      throw new Error(`mcp-remote did not sign in: ${String(error)}\nwhat it printed (end):\n${stderr.slice(-4000)}`, { cause: error });
    }
  }, 90_000);
  afterAll(async () => {
    const pid = transport?.pid;
    await client?.close().catch(() => undefined);
    if (pid) killGroup(pid);
    await stack?.close();
  });

  it('signs in with its own defaults: dynamic registration of a public native client on its loopback callback, the challenge scope with consent, and a refresh token', () => {
    // What the docs' per-client table says of mcp-remote (docs/hosted-assistants.md): read from its own files.
    const files = readdirSync(authDir, { recursive: true }).map(String);
    const saved = (suffix: string) => JSON.parse(readFileSync(join(authDir, files.find((file) => file.endsWith(suffix))!), 'utf8')) as Record<string, unknown>;
    // The callback port is the one it derives, which the test chose to be free (portWithFreeCallback).
    expect(stderr).toContain(`Using callback port derived from the server URL: ${derivedPort}`);
    expect(new URL(callback).port).toBe(String(derivedPort));
    expect(saved('_client_info.json')).toMatchObject({ redirect_uris: [callback], token_endpoint_auth_method: 'none', application_type: 'native', grant_types: ['authorization_code', 'refresh_token'] });
    expect(new Set(authorization!.searchParams.get('scope')?.split(' '))).toEqual(new Set(EVERY_SCOPE.split(' ')));
    expect(authorization!.searchParams.get('prompt')).toBe('consent');
    expect(authorization!.searchParams.get('resource')).toBe(mcpUrl(new URL(stack.url).port));
    expect(saved('_tokens.json').refresh_token).toEqual(expect.any(String));
  });

  it('the client lists the tools and a call reaches the API with the exchanged token', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['hello', 'read_item']));
    const result = (await client.callTool({ name: 'read_item', arguments: { id: 'x1' } })) as { content: Array<{ text?: string }>; isError?: boolean };
    expect(result.isError).toBeFalsy();
    expect(result.content.map((part) => part.text).join('\n')).toContain('x1');
    // The API got a token made for it by exchange, never the one mcp-remote holds for /mcp.
    expect(stack.api.requests.at(-1)?.headers.authorization).toMatch(/^Bearer /);
    expect(stack.as.grants).toContain('urn:ietf:params:oauth:grant-type:token-exchange');
  });
});
