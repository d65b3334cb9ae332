// `params` as an array (by position: legal JSON-RPC, but MCP methods take objects) is answered the same
// way on every lane and for every method: a JSON-RPC -32602 error with the request's id, with the status
// the lane gives JSON-RPC errors (200 in the body; 202 and the stream on a session). It was 400 on one
// path and 200 on another.
import { MODERN } from '../support/mcp-post';
import { SseClient } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const METHODS = ['ping', 'tools/list', 'tools/call', 'initialize', 'resources/list'];
const expected = (id: number) => ({ jsonrpc: '2.0', id, error: { code: -32602, message: 'params must be an object, not an array' } });

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as unknown };
}

describe('params by position (an array)', () => {
  it.each(METHODS)('POST /messages without a session, %s: 200 and -32602 with its id', async (method) => {
    expect(await post('/messages', { jsonrpc: '2.0', id: 3, method, params: ['a', 1] })).toEqual({ status: 200, json: expected(3) });
  });

  it.each(METHODS)('POST /mcp, 2025 era without a version header, %s: 200 and -32602 with its id', async (method) => {
    expect(await post('/mcp', { jsonrpc: '2.0', id: 4, method, params: [] })).toEqual({ status: 200, json: expected(4) });
  });

  it.each(METHODS)('POST /mcp, 2025 era with MCP-Protocol-Version, %s: 200 and -32602 with its id', async (method) => {
    expect(await post('/mcp', { jsonrpc: '2.0', id: 5, method, params: [] }, { 'mcp-protocol-version': '2025-11-25' })).toEqual({ status: 200, json: expected(5) });
  });

  it.each(METHODS)('POST /mcp with 2026-07-28 headers, %s: 200 and -32602 with its id', async (method) => {
    const headers = { 'mcp-protocol-version': MODERN, 'mcp-method': method };
    expect(await post('/mcp', { jsonrpc: '2.0', id: 6, method, params: [{}] }, headers)).toEqual({ status: 200, json: expected(6) });
  });

  it('POST /messages on a session: 202, and -32602 with its id on the stream, for each method', async () => {
    const client = await SseClient.open(stack.url);
    try {
      for (const [index, method] of METHODS.entries()) {
        const answer = client.answer(100 + index);
        const response = await client.post({ jsonrpc: '2.0', id: 100 + index, method, params: [] });
        expect(response.status).toBe(202);
        expect(await answer).toEqual(expected(100 + index));
      }
    } finally {
      client.close();
    }
  });
});
