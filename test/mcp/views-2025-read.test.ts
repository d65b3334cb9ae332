// A 2025-era resources/read of a view on stateless /mcp: a client that declared MCP Apps at
// initialize is answered an Mcp-Session-Id and, carrying it, reads the view whole, as before; a client that
// did not (Claude Code, Codex, Gemini CLI, opencode) reads a short page naming the tool to call instead,
// never the ~400 KB a host without views would hand its model. The hub's lane is unchanged (views.test.ts).
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { defineView } from '../../src/resources';
import { defineTool } from '../../src/tools';
import { tools as orderTools } from '../fixtures/order-tools';
import { post2025, VIEW_CAPABILITIES } from '../support/mcp-post';
import { MANAGER, startStack, type Stack } from '../support/stack';

/** A view the size of a built one (about 400 KB of inlined script). */
const BIG_HTML = `<!doctype html><html><head><title>Board</title></head><body><script>${'/* runtime */'.repeat(32_000)}</script></body></html>`;
const board = defineView({ uri: 'ui://fixture/board', name: 'board', title: 'Order board', html: () => BIG_HTML, prefersBorder: true });
const showBoard = defineTool({ name: 'show_board', description: 'Shows the order board.', input: {}, view: 'ui://fixture/board', handler: () => 'board' });
const moveCard = defineTool({ name: 'move_card', description: 'Moves a card (the view only).', input: {}, view: 'ui://fixture/board', visibility: ['app'], handler: () => 'moved' });

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ tools: [...orderTools, showBoard, moveCard], resources: [board] });
});
afterAll(() => stack.close());

type Text = { uri: string; mimeType?: string; text?: string };

const v1 = (capabilities: Record<string, unknown>) => {
  const transport = new TransportV1(new URL(`${stack.url}/mcp`), { requestInit: { headers: MANAGER } });
  return { client: new ClientV1({ name: 'host-v1', version: '1.0.0' }, { capabilities }), transport };
};
const v2 = (capabilities: Record<string, unknown>) => {
  const transport = new StreamableHTTPClientTransport(new URL(`${stack.url}/mcp`), { requestInit: { headers: MANAGER } });
  return { client: new Client({ name: 'host-v2', version: '1.0.0' }, { capabilities, versionNegotiation: { mode: 'legacy' } }), transport };
};

describe.each([
  ['the SDK v1 client', v1],
  ['the SDK v2 client in its 2025 mode', v2],
] as const)('%s on 2025-era /mcp', (_label, make) => {
  it('declaring io.modelcontextprotocol/ui: is answered an Mcp-Session-Id and reads the view whole', async () => {
    const { client, transport } = make(VIEW_CAPABILITIES);
    await client.connect(transport as never);
    try {
      expect(client.getServerCapabilities()?.extensions).toEqual({ 'io.modelcontextprotocol/ui': {} });
      expect(transport.sessionId).toMatch(/^views-[0-9a-f-]{36}$/);
      const [view] = (await client.readResource({ uri: 'ui://fixture/board' })).contents as Text[];
      expect(view).toMatchObject({ uri: 'ui://fixture/board', mimeType: 'text/html;profile=mcp-app', text: BIG_HTML });
      expect(Buffer.byteLength(view!.text!)).toBeGreaterThan(380_000);
    } finally {
      await client.close();
    }
  });

  it('declaring nothing: no Mcp-Session-Id, and the view read is a page under 1 KB that names the tool to call', async () => {
    const { client, transport } = make({});
    await client.connect(transport as never);
    try {
      expect(transport.sessionId).toBeUndefined();
      const [page] = (await client.readResource({ uri: 'ui://fixture/board' })).contents as Text[];
      expect(page).toMatchObject({ uri: 'ui://fixture/board', mimeType: 'text/html;profile=mcp-app' });
      expect(Buffer.byteLength(page!.text!)).toBeLessThan(1024);
      expect(page!.text).not.toContain('<script');
      expect(page!.text).toContain('<title>Order board</title>');
      expect(page!.text).toContain(
        'ui://fixture/board is an MCP Apps view: an interactive page that hosts which show MCP Apps render beside the result of show_board. ' +
          'This client did not declare the io.modelcontextprotocol/ui extension when it connected, so the view is not sent here. ' +
          'Call show_board instead: its result holds the same data as text.',
      );
      // The view-only helper is not offered to the model as the way forward.
      expect(page!.text).not.toContain('move_card');
    } finally {
      await client.close();
    }
  });
});

describe('raw 2025-era requests', () => {
  const initialize = (capabilities: Record<string, unknown>) => ({ protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'raw-test', version: '1' } });

  it('each initialize that declares the extension gets an id of its own; one that does not gets none', async () => {
    const first = await post2025(stack.url, 'initialize', initialize(VIEW_CAPABILITIES), MANAGER);
    const second = await post2025(stack.url, 'initialize', initialize(VIEW_CAPABILITIES), MANAGER);
    expect(first.sessionId).toMatch(/^views-/);
    expect(second.sessionId).toMatch(/^views-/);
    expect(first.sessionId).not.toBe(second.sessionId);
    expect((await post2025(stack.url, 'initialize', initialize({}), MANAGER)).sessionId).toBeNull();
  });

  it('a read with another server\'s session id, or an unknown ui:// URI, is not answered the view', async () => {
    const foreign = await post2025(stack.url, 'resources/read', { uri: 'ui://fixture/board' }, { ...MANAGER, 'mcp-session-id': 'a1b2c3' });
    expect(((foreign.json.result as { contents: Text[] }).contents[0]!.text ?? '').length).toBeLessThan(1024);
    const unknown = await post2025(stack.url, 'resources/read', { uri: 'ui://fixture/none' }, MANAGER);
    expect(unknown.json.error).toMatchObject({ code: -32602, data: { uri: 'ui://fixture/none' } });
  });
});
