// The host matrix for mcp-remote (scripts/host-matrix.sh): the stdio bridge that Claude Desktop and other
// stdio-only hosts run, configured as docs/connect-your-host.md says, driven by the SDK v1 stdio client on
// /mcp and /sse. There is no model here: the test asserts on what the bridge hands its stdio client, which
// is what such a host hands its model.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killGroup } from '../support/children';
import { EXPECT, NEW_ORDER, ORDER, PROMPT, VIEW_URI } from './expectations';
import { requireBinary, type McpPath } from './hosts/host';
import { docBlock } from './support/doc-config';
import { SLOW_API_MS, startHostStack, type HostStack } from './support/stack';

/** The bridge's arguments from the docs' Claude Desktop block, after `npx -y mcp-remote@<version>`. */
function bridgeArgs(path: McpPath, serverUrl: string): string[] {
  const config = JSON.parse(docBlock('mcp-remote', path, serverUrl)) as { mcpServers: Record<string, { args: string[] }> };
  const args = Object.values(config.mcpServers)[0]?.args ?? [];
  return args.slice(args.findIndex((arg) => arg.startsWith('mcp-remote')) + 1);
}

const text = (result: Record<string, unknown>): string =>
  ((result.content ?? []) as Array<{ type: string; text?: string }>).map((part) => part.text ?? JSON.stringify(part)).join('\n');

describe.each([['/mcp'], ['/sse']] as const)('mcp-remote on %s (MCP_AUTH=headers)', (path) => {
  let stack: HostStack;
  let client: Client;
  let transport: StdioClientTransport;

  beforeAll(async () => {
    stack = await startHostStack();
    const home = mkdtempSync(join(tmpdir(), 'host-mcp-remote-'));
    // setsid: the bridge leads a process group of its own, which afterAll ends whatever happened.
    transport = new StdioClientTransport({
      command: 'setsid',
      args: [requireBinary('mcp-remote'), ...bridgeArgs(path, stack.url)],
      env: { PATH: process.env.PATH ?? '', HOME: home, MCP_REMOTE_CONFIG_DIR: join(home, '.mcp-auth') },
      stderr: 'pipe',
    });
    client = new Client({ name: 'host-matrix', version: '0.0.0' });
    await client.connect(transport);
  }, 60_000);
  afterAll(async () => {
    const pid = transport?.pid;
    await client?.close().catch(() => undefined);
    if (pid) killGroup(pid);
    await stack?.close();
  });

  const call = async (name: string, args: Record<string, unknown>) => text(await client.callTool({ name, arguments: args }));

  it('a good call: the client is handed the order', async () => {
    expect(await call('get_order', ORDER)).toMatch(EXPECT.good);
  });

  it("the API's 401: the client is handed a sentence to sign in again", async () => {
    await stack.nextApiAnswer({ status: 401 });
    expect(await call('get_order', ORDER)).toMatch(EXPECT.unauthorized);
  });

  it("the API's 403: the client is handed a sentence about permission", async () => {
    await stack.nextApiAnswer({ status: 403 });
    expect(await call('get_order', ORDER)).toMatch(EXPECT.forbidden);
  });

  it("the API's 503: the client is handed an error naming the status", async () => {
    await stack.nextApiAnswer({ status: 503 });
    const result = await call('get_order', ORDER);
    for (const words of EXPECT.serverError) expect(result).toMatch(words);
  });

  it('the API too slow: the client is handed a time-out sentence', async () => {
    await stack.nextApiAnswer({ delayMs: SLOW_API_MS });
    expect(await call('get_order', ORDER)).toMatch(EXPECT.timeout);
  });

  it('invalid arguments: the client is handed a result naming the field', async () => {
    expect(await call('get_order', {})).toMatch(EXPECT.invalidArguments);
  });

  it('a question to the user the client did not declare it can ask: no order, the organisations and the call to make', async () => {
    expect(await call('create_order', NEW_ORDER)).toMatch(EXPECT.elicitation);
  });

  // On /sse too: the SDK client behind the bridge negotiates a revision that has structuredContent.
  it('a result with structuredContent: the bridge passes on the object and the text, for the host to pick', async () => {
    const result = await client.callTool({ name: 'search_orders', arguments: { limit: 2 } });
    expect(text(result)).toMatch(EXPECT.text);
    expect(JSON.stringify(result.structuredContent)).toMatch(EXPECT.structured);
  });

  // The hub's lane (/sse) lists no prompt and no view (docs/prompts-and-requests.md, docs/views.md): those
  // turns are for /mcp only.
  if (path !== '/mcp') return;

  it('a prompt: the client is handed its text', async () => {
    const { messages } = await client.getPrompt({ name: PROMPT.name, arguments: { customer: PROMPT.customer } });
    expect(messages.map((message) => text({ content: [message.content] })).join('\n')).toMatch(EXPECT.prompt);
  });

  it('a resource: the client, which declared no Apps extension, reads the short page naming the tool, not the view', async () => {
    const { contents } = await client.readResource({ uri: VIEW_URI });
    const read = contents.map((content) => ('text' in content ? content.text : '')).join('\n');
    expect(read).not.toMatch(EXPECT.resource);
    expect(read).toMatch(EXPECT.resourcePage);
    expect(read.length).toBeLessThan(EXPECT.resourcePageMaxChars);
  });

  it('a resource: a host that declares the Apps extension reads the view whole through the bridge (it passes on the initialize and sends back the Mcp-Session-Id)', async () => {
    const home = mkdtempSync(join(tmpdir(), 'host-mcp-remote-apps-'));
    const apps = new StdioClientTransport({
      command: 'setsid',
      args: [requireBinary('mcp-remote'), ...bridgeArgs(path, stack.url)],
      env: { PATH: process.env.PATH ?? '', HOME: home, MCP_REMOTE_CONFIG_DIR: join(home, '.mcp-auth') },
      stderr: 'pipe',
    });
    const host = new Client({ name: 'host-matrix-apps', version: '0.0.0' }, { capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } } });
    try {
      await host.connect(apps);
      expect(host.getServerCapabilities()?.extensions).toHaveProperty(['io.modelcontextprotocol/ui']);
      const { contents } = await host.readResource({ uri: VIEW_URI });
      expect(contents.map((content) => ('text' in content ? content.text : '')).join('\n')).toMatch(EXPECT.resource);
    } finally {
      const pid = apps.pid;
      await host.close().catch(() => undefined);
      if (pid) killGroup(pid);
    }
  }, 60_000);
});
