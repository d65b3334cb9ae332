// The install links and command lines decode to this server's /mcp URL and name, carry no credential,
// and the real entry point prints them at startup in development only, for the URL it listens on.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostSideName, installLinks, localMcpUrl, type InstallLinks } from '../../src/card';
import { startEntry } from '../support/entry';

/** What each link or command line says, read back the way its host reads it. */
function decoded(links: InstallLinks) {
  const web = new URL(links.vscodeWeb);
  const cursor = new URL(links.cursor);
  return {
    vscode: JSON.parse(decodeURIComponent(links.vscode.slice('vscode:mcp/install?'.length))) as unknown,
    vscodeWeb: { host: web.host, path: web.pathname, name: web.searchParams.get('name'), config: JSON.parse(web.searchParams.get('config') ?? 'null') as unknown },
    cursor: { scheme: `${cursor.protocol}//${cursor.host}${cursor.pathname}`, name: cursor.searchParams.get('name'), config: JSON.parse(Buffer.from(cursor.searchParams.get('config') ?? '', 'base64').toString('utf8')) as unknown },
    claude: links.claude.split(' '),
    codex: links.codex.split(' '),
    copilot: links.copilot.split(' '),
  };
}

describe('install links', () => {
  const url = 'https://tools.example.com/orders/mcp';

  it('with OAuth: every link and command names the server and its /mcp URL, and nothing else', () => {
    expect(decoded(installLinks({ serverName: 'com.example/orders', url, bearer: false }))).toEqual({
      vscode: { name: 'orders', type: 'http', url },
      vscodeWeb: { host: 'vscode.dev', path: '/redirect/mcp/install', name: 'orders', config: { type: 'http', url } },
      cursor: { scheme: 'cursor://anysphere.cursor-deeplink/mcp/install', name: 'orders', config: { url } },
      claude: ['claude', 'mcp', 'add', '--transport', 'http', 'orders', url],
      codex: ['codex', 'mcp', 'add', 'orders', '--url', url],
      copilot: ['copilot', 'mcp', 'add', '--transport', 'http', 'orders', url],
    });
  });

  it('with headers: the command lines send the token from $TOKEN, never a value', () => {
    const links = installLinks({ serverName: 'com.example/orders', url, bearer: true });
    expect(links.claude).toBe(`claude mcp add --transport http orders ${url} --header "Authorization: Bearer $TOKEN"`);
    expect(links.copilot).toBe(`copilot mcp add --transport http orders ${url} --header "Authorization: Bearer $TOKEN"`);
    expect(links.codex).toBe(`codex mcp add orders --url ${url} --bearer-token-env-var TOKEN`);
    expect(decoded(links).vscode).toEqual({ name: 'orders', type: 'http', url });
  });

  it('host-side names keep what hosts accept; a listening-everywhere URL becomes one a host can reach', () => {
    expect(hostSideName('io.github.acme/orders.v2')).toBe('orders-v2');
    expect(hostSideName('com.example/mcp-tool-server-template')).toBe('mcp-tool-server-template');
    expect(localMcpUrl('http://0.0.0.0:3000')).toBe('http://localhost:3000/mcp');
    expect(localMcpUrl('http://[::]:3000')).toBe('http://localhost:3000/mcp');
    expect(localMcpUrl('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000/mcp');
  });
});

describe('the entry point', () => {
  let cwd: string;
  beforeAll(() => {
    cwd = mkdtempSync(join(tmpdir(), 'card-entry-')); // no .env there: the settings below only
  });
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));
  const env = { PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'json', CUSTOMER_API_URL: 'http://127.0.0.1:9', MCP_SERVER_NAME: 'com.example/orders' };

  it('in development prints where the card is and links that decode to the /mcp it listens on', async () => {
    const entry = startEntry({ cwd, env: { ...env, NODE_ENV: 'development' } });
    try {
      await entry.waitFor('"msg":"add it to a host');
      const lines = entry.output().split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, string>);
      const listening = lines.find((line) => line.msg === 'tool server listening')!;
      const printed = lines.find((line) => line.msg?.startsWith('add it to a host'))!;
      const mcpUrl = `${listening.url}/mcp`;
      expect(printed.serverCard).toBe(`${mcpUrl}/server-card`);
      // The log gives VS Code's https link (a terminal opens it), under `vscode`.
      const { vscode, cursor, claude, codex, copilot } = printed as Record<string, string>;
      const links = decoded({ vscode: 'vscode:mcp/install?%7B%7D', vscodeWeb: vscode!, cursor: cursor!, claude: claude!, codex: codex!, copilot: copilot! });
      expect(links.vscodeWeb.config).toEqual({ type: 'http', url: mcpUrl });
      expect(links.cursor.config).toEqual({ url: mcpUrl });
      expect(links.claude.slice(0, 7)).toEqual(['claude', 'mcp', 'add', '--transport', 'http', 'orders', mcpUrl]);
      expect(links.codex.slice(0, 6)).toEqual(['codex', 'mcp', 'add', 'orders', '--url', mcpUrl]);
      expect(links.copilot.slice(0, 7)).toEqual(['copilot', 'mcp', 'add', '--transport', 'http', 'orders', mcpUrl]);
      // The printed card URL is the card's.
      const card = (await (await fetch(printed.serverCard!)).json()) as { name: string; remotes: Array<{ url: string }> };
      expect(card.name).toBe('com.example/orders');
      expect(card.remotes[0]!.url).toBe(mcpUrl);
    } finally {
      entry.stop();
      await once(entry.child, 'exit');
    }
  }, 30_000);

  it('in production prints none of it', async () => {
    const entry = startEntry({ cwd, env: { ...env, NODE_ENV: 'production', CALLER_AUTH: 'off' } });
    await entry.waitFor('tool server listening');
    entry.child.kill('SIGTERM');
    await once(entry.child, 'exit');
    expect(entry.output()).toContain('shutdown complete');
    expect(entry.output()).not.toContain('add it to a host');
    expect(entry.output()).not.toContain('mcp/install');
  }, 30_000);
});
