// UPSTREAM_AUTH=client-credentials against a real authorization server: the
// customer's API gets this server's own token for it and the verified subject in UPSTREAM_USER_HEADER,
// never the client's token; one grant serves every caller and is refreshed before it expires.
import { until } from '../support/wait';
import { API_AUDIENCE, startHarness, type Harness } from './upstream-harness';

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

const bearer = (value: unknown) => String(value).replace(/^Bearer /, '');
const text = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

describe('upstream credentials by client credentials', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ mode: 'client-credentials', level: 'trace' });
  });
  afterAll(() => h.close());

  it("tools/call sends the server's own token and the caller's subject, never the client's token", async () => {
    const principal = await h.principal('auth0|user-1');
    const result = await h.call(principal, 'a1', { authorization: `Bearer ${principal.token}`, cookie: 'session=1', 'x-api-key': 'k', 'x-tenant-id': 'acme' });
    expect(result.isError).toBeUndefined();
    const headers = h.api.received.at(-1)!.headers;
    const sent = bearer(headers.authorization);
    expect(sent).not.toBe(principal.token);
    expect(claims(sent)).toMatchObject({ aud: API_AUDIENCE, client_id: h.as.toolServerClient.id });
    expect(claims(sent).sub).not.toBe('auth0|user-1'); // the server's own token: its subject is the server's client
    expect(headers['x-user-subject']).toBe('auth0|user-1');
    expect(headers).toMatchObject({ 'x-tenant-id': 'acme' });
    expect(headers.cookie).toBeUndefined();
    expect(headers['x-api-key']).toBeUndefined();
  });

  it('50 concurrent calls from five users share one grant, each with its own subject header', async () => {
    const principals = await Promise.all(['u1', 'u2', 'u3', 'u4', 'u5'].map((subject) => h.principal(subject)));
    const before = h.grants('client_credentials');
    const received = h.api.received.length;
    const start = h.clock.now;
    try {
      h.clock.now = start + 3_600_000; // past the first token's life: one new grant for all of them
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => h.call(principals[i % 5]!, `c${i}`)));
      expect(results.filter((result) => result.isError === true)).toEqual([]);
      expect(h.grants('client_credentials') - before).toBe(1);
      const requests = h.api.received.slice(received);
      expect(new Set(requests.map((request) => request.headers.authorization)).size).toBe(1);
      expect(new Set(requests.map((request) => request.headers['x-user-subject']))).toEqual(new Set(['u1', 'u2', 'u3', 'u4', 'u5']));
    } finally {
      h.clock.now = start;
    }
  });

  it("the server's token is refreshed in the background before it expires", async () => {
    const principal = await h.principal('u-refresh');
    const start = h.clock.now;
    try {
      h.clock.now = start + 7_200_000;
      await h.call(principal);
      const before = h.grants('client_credentials');
      const first = h.api.received.at(-1)!.headers.authorization;
      h.clock.now += 545_000; // inside the last minute of a 600 s token: used, and refreshed meanwhile
      await h.call(principal);
      expect(h.api.received.at(-1)!.headers.authorization).toBe(first);
      await until(() => h.grants('client_credentials') - before === 1);
      let second = first;
      for (let i = 0; i < 50 && second === first; i++) {
        await h.call(principal);
        second = h.api.received.at(-1)!.headers.authorization;
      }
      expect(second).not.toBe(first);
      expect(h.grants('client_credentials') - before).toBe(1);
    } finally {
      h.clock.now = start;
    }
  });

  it('a subject that is not visible ASCII is sent percent-encoded', async () => {
    const principal = { ...(await h.principal('u-plain')), subject: 'jöns\r\nx' };
    await h.call(principal);
    expect(h.api.received.at(-1)!.headers['x-user-subject']).toBe('j%C3%B6ns%0D%0Ax');
  });

  it('at trace level, no log line holds the client token, the server token, the secret or the subject', async () => {
    const principal = await h.principal('subject-never-logged');
    await h.call(principal, 'a1', { authorization: `Bearer ${principal.token}` });
    const own = bearer(h.api.received.at(-1)!.headers.authorization);
    const log = h.logText();
    expect(log).toContain('credentials to forward');
    for (const secret of [principal.token, own, h.as.toolServerClient.secret, 'subject-never-logged']) expect(log).not.toContain(secret);
  });
});

describe('upstream credentials by client credentials, settings and faults', () => {
  it('UPSTREAM_USER_HEADER names the subject header', async () => {
    const h = await startHarness({ mode: 'client-credentials', userHeader: 'X-Acting-User' });
    try {
      await h.call(await h.principal('u-9'));
      const headers = h.api.received.at(-1)!.headers;
      expect(headers['x-acting-user']).toBe('u-9');
      expect(headers['x-user-subject']).toBeUndefined();
    } finally {
      await h.close();
    }
  });

  it("a refused client secret gives the operator's result and an error line, never the client's token upstream", async () => {
    const h = await startHarness({ mode: 'client-credentials', clientSecret: 'wrong-secret' });
    try {
      const principal = await h.principal('u-10');
      const result = await h.call(principal, 'a1', { authorization: `Bearer ${principal.token}` });
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/Ask your administrator/);
      expect(h.api.received).toHaveLength(0);
      expect(h.logs().find((line) => line.msg === "authorization server refused this server's client")).toMatchObject({ level: 50, oauthError: 'invalid_client' });
      expect(h.logs().at(-1)).toMatchObject({ outcome: 'auth_refused', level: 50 });
      expect(h.logText()).not.toContain('wrong-secret');
    } finally {
      await h.close();
    }
  });

  it('the authorization server down gives the retry result, and nothing reaches the API', async () => {
    const h = await startHarness({ mode: 'client-credentials' });
    try {
      await h.as.stop();
      const result = await h.call(principalStub());
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/try again in a moment/);
      expect(h.api.received).toHaveLength(0);
      expect(h.logs().at(-1)).toMatchObject({ outcome: 'auth_unavailable', level: 40 });
    } finally {
      await h.close();
    }
  });
});

/** A verified caller (as the edge would make it) for a test whose authorization server is already down. */
function principalStub() {
  return { subject: 'u-down', subjectTag: 'tag-down', scopes: new Set<string>(), token: 'not-sent', tokenKey: 'key-down', expiresAt: Infinity };
}
