// The bench's POST /mcp load client, driven against our server (JSON answers) and the SDK v2 baseline
// (answers framed as an SSE stream) on loopback: successes and each kind of failure must be counted right.
import { startBaselineV2Server } from '../../bench/baseline-v2-server';
import { closedLoop, totalErrors } from '../../bench/load';
import { answerIn, StreamableLoadClient, type McpEra } from '../../bench/mcp-client';
import { startStandInApi, type StartedServer } from '../../bench/stand-in-api';
import type { Listening } from '../../src/http/listen';
import { MANAGER, startStack, type Stack } from '../support/stack';

const client = (url: string, era: McpEra, headers: Record<string, string>) =>
  new StreamableLoadClient(url, { era, connections: 4, headers, timeoutMs: 5000 });

describe('answerIn', () => {
  it('reads a JSON body as the answer', () => {
    expect(answerIn('{"jsonrpc":"2.0","id":3,"result":{"content":[]}}', 'application/json', 3)).toEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { content: [] },
    });
  });

  it('finds the answer with the id in an SSE body, after a progress notification', () => {
    const body =
      'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}\n\n' +
      'event: message\ndata: {"jsonrpc":"2.0","id":7,"result":{"isError":true}}\n\n';
    expect(answerIn(body, 'text/event-stream', 7)).toEqual({ jsonrpc: '2.0', id: 7, result: { isError: true } });
  });

  it('gives nothing for an SSE body without that id, or a body that is not JSON', () => {
    expect(answerIn('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n', 'text/event-stream', 2)).toBeUndefined();
    expect(answerIn('not json', 'application/json', 1)).toBeUndefined();
  });
});

describe('a 2026-07-28 tools/call request', () => {
  it('carries the _meta envelope and the MCP-Protocol-Version, Mcp-Method and Mcp-Name headers', async () => {
    const modern = client('http://127.0.0.1:9', '2026', MANAGER);
    try {
      const { headers, body } = modern.request(1, 'get_order', { orderId: '1001' });
      expect(headers).toMatchObject({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'get_order' });
      const message = JSON.parse(body) as { params: { _meta: Record<string, unknown> } };
      expect(message.params._meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
    } finally {
      await modern.close();
    }
  });
});

describe('the /mcp load client against our server', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  it.each<McpEra>(['2025', '2026'])('counts get_order calls as %s-era successes, with the token passed through', async (era) => {
    const c = client(stack.url, era, MANAGER);
    try {
      const stats = await closedLoop(3, 10_000, () => c.callTool('get_order', { orderId: '1001' }), 12);
      expect(stats.calls).toBe(12);
      expect(totalErrors(stats.errors)).toBe(0);
      expect(stack.api.lastHeaders()?.authorization).toBe(MANAGER.authorization);
    } finally {
      await c.close();
    }
  });

  it.each<McpEra>(['2025', '2026'])('counts a %s-era call without a token as an isError result', async (era) => {
    const c = client(stack.url, era, {});
    try {
      const stats = await closedLoop(2, 10_000, () => c.callTool('get_order', { orderId: '1001' }), 4);
      expect(stats.calls).toBe(0);
      expect(stats.errors.isError).toBe(4);
    } finally {
      await c.close();
    }
  });

  it('counts a refused request (Mcp-Name disagreeing with the body) as an http error', async () => {
    const c = client(stack.url, '2026', MANAGER);
    const request = c.request.bind(c);
    c.request = (id, name, args) => {
      const built = request(id, name, args);
      return { ...built, headers: { ...built.headers, 'mcp-name': 'whoami' } };
    };
    try {
      const stats = await closedLoop(1, 10_000, () => c.callTool('get_order', { orderId: '1001' }), 2);
      expect(stats.errors.http).toBe(2);
    } finally {
      await c.close();
    }
  });
});

describe('the /mcp load client against the SDK v2 baseline', () => {
  let api: StartedServer;
  let baseline: Listening;
  beforeAll(async () => {
    api = await startStandInApi();
    baseline = await startBaselineV2Server(api.url);
  });
  afterAll(async () => {
    await baseline?.close();
    await api?.close();
  });

  it.each<McpEra>(['2025', '2026'])('counts %s-era get_order calls as successes', async (era) => {
    const c = client(baseline.url, era, { authorization: 'Bearer test-token' });
    try {
      const stats = await closedLoop(2, 10_000, (_w, n) => c.callTool('get_order', { orderId: `ord_${n}` }), 6);
      expect(stats.calls).toBe(6);
      expect(totalErrors(stats.errors)).toBe(0);
    } finally {
      await c.close();
    }
  });

  it('counts an unknown tool as a JSON-RPC error, and a call without a token as isError', async () => {
    const withToken = client(baseline.url, '2025', { authorization: 'Bearer test-token' });
    const withoutToken = client(baseline.url, '2025', {});
    try {
      expect(await withToken.callTool('no_such_tool', {})).toMatchObject({ error: 'jsonrpc' });
      expect(await withoutToken.callTool('get_order', { orderId: 'ord_1' })).toMatchObject({ error: 'isError' });
    } finally {
      await withToken.close();
      await withoutToken.close();
    }
  });
});
