// UPSTREAM_AUTH=token-exchange against a real authorization server: what reaches
// the customer's API is a token exchanged for it (RFC 8693), never the client's; one exchange per client
// token however many calls; refreshed before it expires; and the failures the user and operator see.
import { createServer, type Server, type Socket } from 'node:net';
import { CallSignal } from '../../src/call-signal';
import { SECRET_ARG } from '../support/stand-in-api';
import { until } from '../support/wait';
import { API_AUDIENCE, startHarness, type Harness } from './upstream-harness';

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

const bearer = (value: unknown) => String(value).replace(/^Bearer /, '');
const text = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

/** The client's own credentials, sent on the request as an editor would: none may go upstream. */
const CLIENT_HEADERS = { cookie: 'session=client-cookie-1', 'x-api-key': 'client-api-key-1', 'x-user-auth-authorization': 'Bearer hub-style-token', 'x-tenant-id': 'acme', 'x-request-id': 'req-exchange-1' };

describe('upstream credentials by token exchange', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ mode: 'token-exchange', level: 'trace' });
  });
  afterAll(() => h.close());

  it('tools/call with a verified principal sends the exchanged token, never the client token or its credential headers', async () => {
    const principal = await h.principal('user-1');
    const before = h.api.received.length;
    const result = await h.call(principal, 'a1', { authorization: `Bearer ${principal.token}`, ...CLIENT_HEADERS, traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' });
    expect(result.isError).toBeUndefined();
    const received = h.api.received.slice(before);
    expect(received).toHaveLength(1);
    const headers = received[0]!.headers;
    const sent = bearer(headers.authorization);
    expect(sent).not.toBe(principal.token);
    expect(claims(sent)).toMatchObject({ sub: 'user-1', aud: API_AUDIENCE, iss: h.as.issuer });
    expect(headers.cookie).toBeUndefined();
    expect(headers['x-api-key']).toBeUndefined();
    expect(headers['x-user-auth-authorization']).toBeUndefined();
    expect(headers).toMatchObject({ 'x-tenant-id': 'acme', 'x-request-id': 'req-exchange-1', traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' });
    expect(JSON.stringify(received)).not.toContain(principal.token);
  });

  it('two calls with one client token make one exchange; another token makes its own', async () => {
    const first = await h.principal('user-2');
    const other = await h.principal('user-3');
    const before = h.grants('exchange');
    await h.call(first);
    await h.call(first);
    expect(h.grants('exchange') - before).toBe(1);
    await h.call(other);
    expect(h.grants('exchange') - before).toBe(2);
    const [a, b, c] = h.api.received.slice(-3).map((request) => request.headers.authorization);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it('50 concurrent calls with one client token wait for one exchange and all succeed', async () => {
    const principal = await h.principal('user-4');
    const before = h.grants('exchange');
    const tokenRequests = h.as.count('/token');
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => h.call(principal, `c${i}`)));
    expect(results.filter((result) => result.isError === true)).toEqual([]);
    expect(h.grants('exchange') - before).toBe(1);
    expect(h.as.count('/token') - tokenRequests).toBe(1);
    expect(new Set(h.api.received.slice(-50).map((request) => request.headers.authorization)).size).toBe(1);
  });

  it('an exchanged token near its expiry is refreshed in the background, and past it is never used', async () => {
    const principal = await h.principal('user-5');
    const before = h.grants('exchange');
    await h.call(principal);
    const first = h.api.received.at(-1)!.headers.authorization;
    const start = h.clock.now;
    try {
      // 600 s tokens: refreshed from 60 s before expiry (still used meanwhile), retired 10 s before it.
      h.clock.now = start + 545_000;
      await h.call(principal);
      expect(h.api.received.at(-1)!.headers.authorization).toBe(first);
      await until(() => h.grants('exchange') - before === 2);
      // The refreshed token is stored when its response has been read: the next calls pick it up.
      let second = first;
      for (let i = 0; i < 50 && second === first; i++) {
        await h.call(principal);
        second = h.api.received.at(-1)!.headers.authorization;
      }
      expect(second).not.toBe(first);
      expect(h.grants('exchange') - before).toBe(2);
      h.clock.now = start + 545_000 + 595_000;
      await h.call(principal);
      expect(h.grants('exchange') - before).toBe(3);
      expect(h.api.received.at(-1)!.headers.authorization).not.toBe(second);
    } finally {
      h.clock.now = start;
    }
  });

  it('an exchanged token is never used past the client token it was made from', async () => {
    const principal = { ...(await h.principal('user-6')), expiresAt: h.clock.now + 30_000 };
    const before = h.grants('exchange');
    await h.call(principal);
    await h.call(principal);
    expect(h.grants('exchange') - before).toBe(1);
    const start = h.clock.now;
    try {
      h.clock.now = start + 30_001;
      await h.call(principal);
      expect(h.grants('exchange') - before).toBe(2);
    } finally {
      h.clock.now = start;
    }
  });

  it('a client token the authorization server no longer honours gets the sign-in-again result, and nothing reaches the API', async () => {
    const principal = await h.principal('user-revoked');
    h.as.revokeSubject('user-revoked');
    const before = h.api.received.length;
    const result = await h.call(principal);
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/sign in to this tool server again/);
    expect(h.api.received.length).toBe(before);
    expect(h.logs().at(-1)).toMatchObject({ tool: 'fetch_item', outcome: 'auth_expired', level: 30 });
    expect(await h.metrics.scrape().then((scrape) => scrape.body)).toContain('mcp_tool_calls_total{tool="fetch_item",outcome="auth_expired"} 1');
  });

  it('the authorization server down gives a retry result, a warn line and a metric, then works again when it is back', async () => {
    const principal = await h.principal('user-7');
    await h.as.stop();
    try {
      const before = h.api.received.length;
      const result = await h.call(principal);
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/try again in a moment/);
      expect(h.api.received.length).toBe(before);
      expect(h.logs().find((line) => line.msg === 'authorization server unavailable')).toMatchObject({ level: 40, grant: 'token-exchange', problem: 'network' });
      expect(h.logs().at(-1)).toMatchObject({ outcome: 'auth_unavailable', level: 40 });
      expect((await h.metrics.scrape()).body).toContain('mcp_tool_calls_total{tool="fetch_item",outcome="auth_unavailable"} 1');
    } finally {
      await h.as.start();
    }
    const again = await h.call(principal);
    expect(again.isError).toBeUndefined();
  });

  it("the exchange is a step of the call's span, ended with the failure's code; a cached token makes none", async () => {
    const steps: Array<{ name: string; attributes: Readonly<Record<string, string>>; ended?: string | null }> = [];
    const span = {
      startStep(name: string, attributes: Readonly<Record<string, string>>) {
        const step: (typeof steps)[number] = { name, attributes };
        steps.push(step);
        return { end: (errorType: string | undefined) => void (step.ended = errorType ?? null) };
      },
    };
    const principal = await h.principal('user-span');
    const made = await h.tokens.credentials(principal, undefined, span);
    // Cached: the headers themselves, not a promise of them (no hop for a cache hit).
    expect(h.tokens.credentials(principal, undefined, span)).toEqual(made);
    expect(made).toEqual({ authorization: expect.stringMatching(/^Bearer /) });
    expect(steps).toEqual([{ name: 'oauth token-exchange', attributes: { 'oauth.grant': 'token-exchange', 'oauth.audience': API_AUDIENCE }, ended: null }]);
    const revoked = await h.principal('user-span-revoked');
    h.as.revokeSubject('user-span-revoked');
    await expect(h.tokens.credentials(revoked, undefined, span)).rejects.toMatchObject({ code: 'AUTH_EXPIRED', oauthError: 'invalid_grant' });
    expect(steps[1]).toMatchObject({ name: 'oauth token-exchange', ended: 'AUTH_EXPIRED' });
  });

  it('a call without a principal forwards the caller headers as before (the hub lane)', async () => {
    await h.call(undefined, 'hub', { authorization: 'Bearer hub-user-token', cookie: 'c=1' });
    expect(h.api.received.at(-1)!.headers).toMatchObject({ authorization: 'Bearer hub-user-token', cookie: 'c=1' });
  });

  it('at trace level, no log line holds the client token, the exchanged token or the client secret', async () => {
    const principal = await h.principal('user-log');
    await h.call(principal, SECRET_ARG, { authorization: `Bearer ${principal.token}` });
    const exchanged = bearer(h.api.received.at(-1)!.headers.authorization);
    const log = h.logText();
    expect(log).toContain('credentials to forward'); // the trace line was written
    for (const secret of [principal.token, exchanged, h.as.toolServerClient.secret, SECRET_ARG]) expect(log).not.toContain(secret);
  });
});

describe('upstream credentials by token exchange, the deadline', () => {
  let h: Harness;
  let blackHole: Server;
  const sockets: Socket[] = [];
  let received = 0;
  beforeAll(async () => {
    // A token endpoint that accepts connections, reads requests and never answers: the upstream deadline must end the wait.
    blackHole = createServer((socket) => {
      sockets.push(socket);
      socket.on('data', (chunk: Buffer) => void (received += chunk.toString('latin1').split('POST /token').length - 1));
    });
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const port = (blackHole.address() as { port: number }).port;
    h = await startHarness({ mode: 'token-exchange', timeoutMs: 300, issuer: (metadata) => ({ ...metadata, token_endpoint: `http://127.0.0.1:${port}/token` }) });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => blackHole.close(() => resolve()));
    await h.close();
  });

  it('an exchange that does not answer within the upstream timeout gives the retry result and a warn line', async () => {
    const result = await h.call(await h.principal('user-slow'));
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/try again in a moment/);
    expect(h.logs().find((line) => line.msg === 'authorization server unavailable')).toMatchObject({ level: 40, problem: 'timeout' });
  });

  it('a call cancelled while it waits for a shared exchange stops waiting; the other call keeps the exchange', async () => {
    const principal = await h.principal('user-cancel');
    const requests = received;
    const timeouts = () => h.logs().filter((line) => line.msg === 'authorization server unavailable' && line.problem === 'timeout').length;
    const before = timeouts();
    const cancelled = new CallSignal();
    const first = h.registry.call('fetch_item', { id: 'x1' }, { headers: {}, signal: cancelled, principal });
    const second = h.registry.call('fetch_item', { id: 'x2' }, { headers: {}, signal: new CallSignal(), principal });
    await until(() => received > requests); // the one exchange is in flight
    cancelled.abort();
    expect(text(await first)).toBe('The call was cancelled.');
    expect(text(await second)).toMatch(/try again in a moment/);
    expect(timeouts() - before).toBe(1); // one exchange for both calls
  });
});
