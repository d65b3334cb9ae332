import { Writable } from 'node:stream';
import { createLogger, headersForLog, sessionTag } from '../../src/logger';
import { callTool, postDirect, SseClient } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';

// Real-looking credentials: a JWT, a session cookie, API keys.
const JWT =
  'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1LTEwMCIsImV4cCI6MTk5OTk5OTk5OX0.c2lnbmF0dXJlLXRoYXQtbG9va3MtcmVhbC1lbm91Z2g';
const COOKIE_VALUE = 's%3Aq8Zk2vYtR7wPmN4xLbC9dFhJ.Xy7pQ2rS4tU6vW8xY0zA1bC3dE5fG7hI9jK';
const API_KEY = 'ak_live_51HxYzT2eZvKYlo2C9b8a7f6e5d4c3b2a1';
const CLIENT_ID = 'cid_7f3a9b2c4d5e6f708192a3b4c5d6e7f8';
const ORG_KEY = 'orgkey_Zm9vYmFyYmF6cXV4cXV1eA';
/** A credential header nobody configured: a denylist would log it in full. */
const AUTH_TOKEN = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc9aXqPmZ';
const SESSION_ID = 'hub-session-7d1e0c5a9b3f4e21a8c6d2b0f9e8a7c6';
const HUB_SECRET = 'hub-secret-5f0e9d8c7b6a59483726';
const SECRETS = [JWT, COOKIE_VALUE, API_KEY, CLIENT_ID, ORG_KEY, AUTH_TOKEN, SESSION_ID, HUB_SECRET];

describe('logging at trace level', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: { LOG_LEVEL: 'trace', FORWARD_HEADERS: 'X-Org-Key', HUB_SECRETS: HUB_SECRET } });
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
      'x-auth-token': AUTH_TOKEN,
      'x-session-id': SESSION_ID,
      'x-hub-secret': HUB_SECRET,
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
    expect(text).toContain(sessionTag(SESSION_ID)); // the session is followable by its hash
    expect(text).toContain('trace-req-1');
    expect(stack.logs().filter((line) => line.msg === 'tool call').length).toBeGreaterThanOrEqual(4);
    for (const secret of [...SECRETS, 'demo-manager-token']) expect(text).not.toContain(secret);
    // Not even a fragment long enough to be useful.
    expect(text).not.toContain(JWT.slice(0, 24));
  });
});

describe('headersForLog', () => {
  it('shows allowlisted names, hashes session ids, checks caller ids and redacts everything else', () => {
    const out = headersForLog({
      Authorization: 'a',
      COOKIE: 'b',
      'X-Auth-Token': AUTH_TOKEN,
      'x-anything-new': 'c',
      'content-type': 'application/json',
      'user-agent': 'hub/1.0',
      'x-request-id': 'req-1',
      'x-user-id': 'bad id with spaces',
      'x-session-id': SESSION_ID,
      traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
    });
    expect(out).toEqual({
      Authorization: '[redacted]',
      COOKIE: '[redacted]',
      'X-Auth-Token': '[redacted]',
      'x-anything-new': '[redacted]',
      'content-type': 'application/json',
      'user-agent': 'hub/1.0',
      'x-request-id': 'req-1',
      'x-user-id': '[invalid]',
      'x-session-id': `#${sessionTag(SESSION_ID)}`,
      traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
    });
    expect(sessionTag(SESSION_ID)).toMatch(/^[0-9a-f]{12}$/);
  });

  it('leaves out a header taken out of the request (set to undefined once a bearer token is verified)', () => {
    expect(headersForLog({ authorization: undefined, 'x-request-id': 'req-2' })).toEqual({ 'x-request-id': 'req-2' });
  });
});

describe('the logger itself', () => {
  const capture = () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString()), done()) });
    return { logger: createLogger({ level: 'trace', destination: sink }), lines };
  };

  it('applies the allowlist to any call that logs headers or a request', () => {
    const { logger, lines } = capture();
    logger.trace({ headers: { 'x-org-key': ORG_KEY, authorization: `Bearer ${JWT}` } }, 'x');
    logger.error({ req: { method: 'POST', url: `/messages?sessionId=${SESSION_ID}`, headers: { cookie: COOKIE_VALUE } } }, 'y');
    const text = lines.join('');
    for (const secret of [ORG_KEY, JWT, COOKIE_VALUE, SESSION_ID]) expect(text).not.toContain(secret);
    expect(text.match(/\[redacted\]/g)).toHaveLength(3);
    expect(text).toContain(`sessionId=#${sessionTag(SESSION_ID)}`);
  });

  it('bounds every string: fields, nested values, messages and errors', () => {
    const { logger, lines } = capture();
    const huge = 'A'.repeat(1_000_000);
    logger.warn({ detail: huge, nested: { deeper: [huge, { again: huge }] }, list: Array.from({ length: 1000 }, () => huge) }, 'fields');
    logger.info(huge);
    logger.error({ err: new Error(`upstream said ${huge}`) }, 'error');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line.length).toBeLessThan(12_000);
    const first = JSON.parse(lines[0] ?? '{}') as { detail: string };
    expect(first.detail).toBe(`${'A'.repeat(200)}…[999800 more]`);
  });

  it('leaves short scalar fields as they are', () => {
    const { logger, lines } = capture();
    logger.info({ tool: 'get_order', durationMs: 1.5, ok: true, none: null }, 'tool call');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ tool: 'get_order', durationMs: 1.5, ok: true, none: null, msg: 'tool call' });
  });
});

describe('caller ids', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  it('an invalid X-Request-Id is replaced by a fresh one upstream and in the log; an invalid X-User-Id is treated as absent', async () => {
    const badRequestId = `req ${'x'.repeat(300)}`;
    const badUserId = 'u\u00e9-not-ascii';
    await postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('whoami') }, {
      authorization: 'Bearer demo-manager-token',
      'x-request-id': badRequestId,
      'x-user-id': encodeURI(badUserId) + ' spaced',
    });
    const forwarded = stack.api.lastHeaders()?.['x-request-id'];
    expect(forwarded).toMatch(/^[0-9a-f-]{36}$/);
    const line = stack.logs().find((entry) => entry.msg === 'tool call');
    expect(line).toMatchObject({ requestId: forwarded });
    expect(line?.userId).toBeUndefined();
    expect(stack.logText()).not.toContain('x'.repeat(300));
  });
});
