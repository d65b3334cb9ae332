import { Writable } from 'node:stream';
import { createLogger, redactHeaders } from '../../src/logger';
import { callTool, postDirect, SseClient } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';

// Real-looking credentials: a JWT, a session cookie, API keys.
const JWT =
  'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1LTEwMCIsImV4cCI6MTk5OTk5OTk5OX0.c2lnbmF0dXJlLXRoYXQtbG9va3MtcmVhbC1lbm91Z2g';
const COOKIE_VALUE = 's%3Aq8Zk2vYtR7wPmN4xLbC9dFhJ.Xy7pQ2rS4tU6vW8xY0zA1bC3dE5fG7hI9jK';
const API_KEY = 'ak_live_51HxYzT2eZvKYlo2C9b8a7f6e5d4c3b2a1';
const CLIENT_ID = 'cid_7f3a9b2c4d5e6f708192a3b4c5d6e7f8';
const ORG_KEY = 'orgkey_Zm9vYmFyYmF6cXV4cXV1eA';
const SECRETS = [JWT, COOKIE_VALUE, API_KEY, CLIENT_ID, ORG_KEY];

describe('logging at trace level', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: { LOG_LEVEL: 'trace', FORWARD_HEADERS: 'X-Org-Key' } });
  });
  afterAll(() => stack.close());

  it('no credential reaches any log line, on success and on every failure path', async () => {
    const headers = {
      authorization: `Bearer ${JWT}`,
      'x-user-auth-authorization': `Bearer ${JWT}`,
      cookie: `connect.sid=${COOKIE_VALUE}`,
      'x-api-key': API_KEY,
      'x-client-id': CLIENT_ID,
      'x-org-key': ORG_KEY,
      'x-user-id': 'u-100',
      'x-request-id': 'trace-req-1',
    };
    // Through a live session: the token is unknown to the example API, so this is the 401 path.
    const client = await SseClient.open(stack.url, headers);
    await client.call(1, 'tools/call', callTool('whoami'), headers);
    await client.call(2, 'tools/call', callTool('get_order', { orderId: 'x' }), headers);
    client.close();
    // Directly, on the 5xx path and with invalid arguments.
    await fetch(`${stack.api.url}/_demo/next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"status":502}' });
    await postDirect(stack.url, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: callTool('search_orders') }, headers);
    await postDirect(stack.url, { jsonrpc: '2.0', id: 4, method: 'tools/call', params: callTool('search_orders', { limit: 'x' }) }, headers);
    await postDirect(stack.url, { jsonrpc: '2.0', id: 5, method: 'tools/call', params: callTool('nope') }, headers);
    // The success path, with a token the example API accepts.
    const ok = await postDirect(stack.url, { jsonrpc: '2.0', id: 6, method: 'tools/call', params: callTool('whoami') }, {
      ...headers,
      authorization: 'Bearer demo-manager-token',
    });
    expect(ok.json?.result?.isError).toBeUndefined();

    const text = stack.logText();
    // The check can fail: trace lines with header maps were written, with their values masked.
    expect(text).toContain('"msg":"credentials to forward"');
    expect(text).toContain('"msg":"message received"');
    expect(text).toContain('[redacted]');
    expect(stack.logs().filter((line) => line.msg === 'tool call').length).toBeGreaterThanOrEqual(4);
    for (const secret of [...SECRETS, 'demo-manager-token']) expect(text).not.toContain(secret);
    // Not even a fragment long enough to be useful.
    expect(text).not.toContain(JWT.slice(0, 24));
  });
});

describe('redactHeaders', () => {
  it('masks Authorization, Cookie, X-User-Auth-* and configured names in any case, and keeps the rest', () => {
    const out = redactHeaders(
      { Authorization: 'a', COOKIE: 'b', 'X-User-Auth-Cookie': 'c', 'x-api-key': 'd', 'x-request-id': 'e' },
      new Set(['authorization', 'cookie', 'x-api-key']),
    );
    expect(out).toEqual({
      Authorization: '[redacted]',
      COOKIE: '[redacted]',
      'X-User-Auth-Cookie': '[redacted]',
      'x-api-key': '[redacted]',
      'x-request-id': 'e',
    });
  });

  it('applies to any logger call that logs headers', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString()), done()) });
    const logger = createLogger({ level: 'trace', secretHeaders: ['X-Org-Key'], destination: sink });
    logger.trace({ headers: { 'x-org-key': ORG_KEY, authorization: `Bearer ${JWT}` } }, 'x');
    logger.error({ req: { method: 'POST', url: '/m', headers: { cookie: COOKIE_VALUE } } }, 'y');
    const text = lines.join('');
    for (const secret of [ORG_KEY, JWT, COOKIE_VALUE]) expect(text).not.toContain(secret);
    expect(text.match(/\[redacted\]/g)).toHaveLength(3);
  });
});
