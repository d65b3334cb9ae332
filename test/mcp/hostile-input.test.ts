// Client-supplied strings an answer or a log line repeats are bounded, on both lanes,
// so a request with a 6 MB tool name costs a short answer and a short line, not copies of the name.
import { callTool, postDirect, SseClient } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';
import { fixtureTools } from '../support/stand-in-api';

const HUGE = 'n'.repeat(6 * 1024 * 1024);
/** An answer or a log line about the huge name: the 200 characters kept, a marker, and the envelope. */
const SHORT = 1024;

describe('hostile input with MAX_BODY_BYTES raised to 8 MB', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: { MAX_BODY_BYTES: String(8 * 1024 * 1024) }, tools: fixtureTools });
  });
  afterAll(() => stack.close());

  const lineOf = (requestId: string) => {
    const lines = stack.logText().split('\n').filter((line) => line.includes(`"requestId":"${requestId}"`));
    expect(lines).toHaveLength(1);
    return lines[0]!;
  };

  it('POST /messages without a session: an unknown 6 MB tool name gives a short answer and a short log line', async () => {
    const answer = await postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool(HUGE) }, { 'x-request-id': 'huge-direct' });
    expect(answer.json?.error).toMatchObject({ code: -32601, message: `Unknown tool: ${'n'.repeat(200)}…[${HUGE.length - 200} more]` });
    expect(answer.text.length).toBeLessThan(SHORT);
    const line = lineOf('huge-direct');
    expect(line.length).toBeLessThan(SHORT);
    expect(JSON.parse(line)).toMatchObject({ outcome: 'unknown_tool', tool: expect.stringMatching(/^n{200}…\[\d+ more\]$/) });
  });

  it('POST /messages of a session: the answer on the stream is short', async () => {
    const client = await SseClient.open(stack.url);
    try {
      const accepted = await client.post({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: callTool(HUGE) }, { 'x-request-id': 'huge-session' });
      expect(accepted.status).toBe(202);
      const event = await client.next((e) => e.event === 'message');
      expect(event.data.length).toBeLessThan(SHORT);
      expect(JSON.parse(event.data)).toMatchObject({ id: 7, error: { code: -32601 } });
      expect(lineOf('huge-session').length).toBeLessThan(SHORT);
    } finally {
      client.close();
      await client.waitClosed();
    }
  });

  const postMcp = async (message: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${stack.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(message),
    });
    return { status: response.status, text: await response.text() };
  };

  it('POST /mcp: an unknown 6 MB tool name gives a short answer and a short log line', async () => {
    const answer = await postMcp({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool(HUGE) }, { 'x-request-id': 'huge-mcp' });
    expect(answer.text.length).toBeLessThan(SHORT);
    expect(JSON.parse(answer.text)).toMatchObject({ error: { code: -32601, message: expect.stringMatching(/^Unknown tool: n{200}…\[\d+ more\]$/) } });
    expect(lineOf('huge-mcp').length).toBeLessThan(SHORT);
  });

  it('POST /mcp, 2026-07-28: a 6 MB tool name the Mcp-Name header disagrees with gives a short 400', async () => {
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
    const message = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { ...callTool(HUGE), _meta: meta } };
    const headers = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' };
    for (const nameHeader of [{ 'mcp-name': 'other' }, {}] as Record<string, string>[]) {
      const answer = await postMcp(message, { ...headers, ...nameHeader });
      expect(answer.status).toBe(400);
      expect(answer.text.length).toBeLessThan(SHORT);
      expect(JSON.parse(answer.text)).toMatchObject({ error: { code: -32020, message: expect.stringContaining(`${'n'.repeat(200)}…[`) } });
    }
  });

  it.each([
    ['an unknown method', { jsonrpc: '2.0', id: 1, method: HUGE }],
    ['a string id over 200 characters', { jsonrpc: '2.0', id: HUGE, method: 'tools/list' }],
    ['a progress token over 200 characters', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { ...callTool('fetch_item', { id: 'a' }), _meta: { progressToken: HUGE } } }],
  ])('%s is answered briefly on both lanes', async (_label, message) => {
    const direct = await postDirect(stack.url, message);
    const mcp = await postMcp(message);
    for (const text of [direct.text, mcp.text]) {
      expect(text.length).toBeLessThan(SHORT);
      expect(JSON.parse(text)).toHaveProperty('error.code');
    }
  });

  it('ids and progress tokens of 200 characters still work', async () => {
    const id = 'i'.repeat(200);
    const answer = await postDirect(stack.url, { jsonrpc: '2.0', id, method: 'tools/list' });
    expect(answer.json).toMatchObject({ id, result: { tools: expect.any(Array) } });
  });
});
