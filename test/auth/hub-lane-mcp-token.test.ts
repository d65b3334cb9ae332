// The hub's lane in oauth mode: a token made for /mcp (aud = OAUTH_RESOURCE) sent to
// POST /messages is never passed on to the customer's API; the call's result says to use /mcp. The hub's
// own tokens for the API still pass unchanged, and the refused token is in no log line.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { SseClient } from '../support/sse-client';
import { API_AUDIENCE, RESOURCE, startOAuthStack, type OAuthStack } from './oauth-stack';

const SENTENCE = `Connect the client to ${RESOURCE} instead of /sse and /messages`;

describe('auth: the hub lane with MCP_AUTH=oauth', () => {
  let stack: OAuthStack;
  let sse: SseClient | undefined;
  beforeAll(async () => {
    stack = await startOAuthStack();
  });
  afterAll(async () => {
    sse?.close();
    await stack.close();
  });

  it('refuses a token whose audience is /mcp with a result that says to use /mcp; the API never sees it', async () => {
    const token = await stack.token('alice', ['orders:read']);
    sse = await SseClient.open(stack.url, { authorization: `Bearer ${token}` });
    await sse.call(1, 'initialize', { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'hub-like', version: '1' } });
    const before = stack.api.requests.length;
    const answer = await sse.call(2, 'tools/call', { name: 'read_item', arguments: { id: 'a' } }, { authorization: `Bearer ${token}` });
    expect(answer.result).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringContaining(SENTENCE) }] });
    // Also when it comes as the hub's X-User-Auth-Authorization.
    const viaHub = await sse.call(3, 'tools/call', { name: 'read_item', arguments: { id: 'b' } }, { 'x-user-auth-authorization': `Bearer ${token}` });
    expect(viaHub.result).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringContaining(SENTENCE) }] });
    expect(stack.api.requests.length).toBe(before);
    expect(stack.logs().filter((line) => line.msg === 'tool call' && line.outcome === 'refused' && line.code === 'MCP_TOKEN_NOT_FORWARDED')).toHaveLength(2);
    expect(stack.logText()).not.toContain(token);
  });

  it("passes the hub's token for the API on unchanged", async () => {
    const apiToken = await stack.token('alice', ['api'], API_AUDIENCE);
    const hub = await SseClient.open(stack.url);
    try {
      await hub.call(1, 'initialize', { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'hub-like', version: '1' } });
      const answer = await hub.call(2, 'tools/call', { name: 'read_item', arguments: { id: 'c' } }, { authorization: `Bearer ${apiToken}` });
      expect(answer.result).toMatchObject({ content: [{ type: 'text', text: '{"id":"c"}' }] });
      expect(stack.api.requests.at(-1)?.headers.authorization).toBe(`Bearer ${apiToken}`);
    } finally {
      hub.close();
    }
  });

  it('an SDK client pointed at /sse with an /mcp token reads the sentence as the tool result', async () => {
    const token = await stack.token('bob', ['orders:read']);
    const client = new Client({ name: 'sse-oauth', version: '1.0.0' });
    const before = stack.api.requests.length;
    await client.connect(new SSEClientTransport(new URL(`${stack.url}/sse`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    try {
      expect(await client.callTool({ name: 'read_item', arguments: { id: 'd' } })).toMatchObject({ isError: true, content: [{ text: expect.stringContaining(SENTENCE) }] });
      expect(stack.api.requests.length).toBe(before);
    } finally {
      await client.close();
    }
  });
});
