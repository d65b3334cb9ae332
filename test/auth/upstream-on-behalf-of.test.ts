// UPSTREAM_AUTH=on-behalf-of end to end: a user's token for /mcp issued by a Microsoft Entra ID tenant (a
// stand-in of the test's own that accepts the on-behalf-of request only in the form Entra documents), a
// real tools/call on POST /mcp, and what the customer's API receives: the token Entra made for it on the
// user's behalf, never the caller's. Cached per user like an exchange; its failures are the results and
// answers of the token-exchange mode; a machine caller (app-only token) gets no user credential.
import { createDiscovery } from '../../src/auth';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { createToolServer, type ToolServer } from '../../src/server';
import { logSink, type LogSink } from '../support/log-sink';
import { OBO_FIELDS, startEntraStandIn, type EntraStandIn } from '../support/entra-stand-in';
import { startRecordingApi, type RecordingApi } from '../support/recording-api';
import { call, oauthTools, postMcp, RESOURCE } from './oauth-stack';

const CLIENT = { id: '6731de76-14a6-49ae-97bc-6eba6914391e', secret: 'tool-server-app-secret' };
const API = 'api://orders-api';
const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
const bearer = (value: unknown) => String(value).replace(/^Bearer /, '');

async function result(response: Response): Promise<{ isError?: boolean; content: Array<{ text: string }> }> {
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: { isError?: boolean; content: Array<{ text: string }> } }).result;
}

describe('POST /mcp tools/call with UPSTREAM_AUTH=on-behalf-of (Microsoft Entra ID)', () => {
  let entra: EntraStandIn;
  let api: RecordingApi;
  let server: ToolServer;
  let url: string;
  let sink: LogSink;
  beforeAll(async () => {
    // Entra's v2.0 access tokens for /mcp name the tool server's app by its client id (their aud).
    entra = await startEntraStandIn({ client: CLIENT, middleTier: CLIENT.id, api: API });
    api = await startRecordingApi();
    sink = logSink();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'debug',
      CUSTOMER_API_URL: api.url,
      MCP_AUTH: 'oauth',
      OAUTH_ISSUER: entra.issuer,
      OAUTH_RESOURCE: RESOURCE,
      OAUTH_CLIENT_ID: CLIENT.id,
      OAUTH_CLIENT_SECRET: CLIENT.secret,
      UPSTREAM_AUTH: 'on-behalf-of',
      UPSTREAM_AUDIENCE: API,
    });
    const logger = createLogger({ level: config.logLevel, destination: sink.stream });
    const discovery = createDiscovery({ issuer: entra.issuer, allowInsecureRequests: true, logger, firstRetryMs: 20, maxRetryMs: 50 });
    server = createToolServer({ config, customerApiUrl: api.url, logger, tools: oauthTools, info: { name: 'obo-test', version: '0.0.0' }, auth: { discovery } });
    url = await server.listen(0, '127.0.0.1');
    await discovery.ready();
  });
  afterAll(async () => {
    await server.shutdown();
    await api.close();
    await entra.close();
  });

  it("sends Entra the on-behalf-of request in its documented form, and the API receives Entra's token for it, never the caller's", async () => {
    const token = await entra.userToken('user-grace');
    const answer = await result(await postMcp(url, call('read_item', { id: 'g1' }), token));
    expect(answer).toMatchObject({ content: [{ text: '{"id":"g1"}' }] });
    expect(entra.requests).toHaveLength(1);
    expect(entra.requests[0]).toEqual({
      fields: OBO_FIELDS,
      shown: { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', client_id: CLIENT.id, scope: `${API}/.default`, requested_token_use: 'on_behalf_of' },
      contentType: expect.stringMatching(/^application\/x-www-form-urlencoded/),
      authorization: undefined,
    });
    const seen = await api.seen('/items/g1');
    const sent = bearer(seen.headers.authorization);
    expect(sent).not.toBe(token);
    expect(claims(sent)).toMatchObject({ aud: API, sub: 'user-grace', azp: CLIENT.id });
    expect(JSON.stringify(seen.headers)).not.toContain(token);
  });

  it("keeps Entra's token per user: the same caller's next calls ask nothing, another user gets their own", async () => {
    const token = await entra.userToken('user-heidi');
    await result(await postMcp(url, call('read_item', { id: 'h1' }), token));
    const asked = entra.requests.length;
    await Promise.all([1, 2, 3].map((i) => postMcp(url, call('read_item', { id: `h${i + 1}` }, i), token).then(result)));
    expect(entra.requests.length).toBe(asked);
    await result(await postMcp(url, call('read_item', { id: 'i1' }), await entra.userToken('user-ivan')));
    expect(entra.requests.length).toBe(asked + 1);
    expect(claims(bearer((await api.seen('/items/h3')).headers.authorization)).sub).toBe('user-heidi');
    expect(claims(bearer((await api.seen('/items/i1')).headers.authorization)).sub).toBe('user-ivan');
  });

  it('a caller token Entra refuses (invalid_grant) gets HTTP 401 invalid_token, so the client refreshes it', async () => {
    entra.failNext(400, { error: 'invalid_grant', error_description: 'AADSTS50013: Assertion is not within its valid time range.' });
    const response = await postMcp(url, call('read_item', { id: 'j1' }), await entra.userToken('user-judy'));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", /);
    expect(api.requests.some((request) => request.path === '/items/j1')).toBe(false);
  });

  it("this server's client refused (invalid_client) and Entra unavailable (503) are results the model reads", async () => {
    entra.failNext(401, { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.' });
    const refused = await result(await postMcp(url, call('read_item', { id: 'k1' }), await entra.userToken('user-ken')));
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toContain("Ask your administrator to check the tool server's registration.");
    entra.failNext(503, { error: 'temporarily_unavailable' });
    const later = await result(await postMcp(url, call('read_item', { id: 'l1' }), await entra.userToken('user-lena')));
    expect(later.content[0]!.text).toContain('Please try again in a moment.');
    const lines = sink.text();
    expect(lines).toContain('"grant":"on-behalf-of"');
    expect(lines).toContain("authorization server refused this server's client");
    expect(api.requests.some((request) => ['/items/k1', '/items/l1'].includes(request.path))).toBe(false);
  });

  it('an app-only token (a machine, no user) gets the no-user sentence; Entra is not asked and the API not called', async () => {
    const asked = entra.requests.length;
    const answer = await result(await postMcp(url, call('read_item', { id: 'm1' }), await entra.userToken('sp-nightly', { idtyp: 'app', scp: 'orders:read' })));
    expect(answer.isError).toBe(true);
    expect(answer.content[0]!.text).toContain('this caller is a machine client signed in with its own credentials, with no user (error: no user)');
    expect(entra.requests.length).toBe(asked);
    expect(api.requests.some((request) => request.path === '/items/m1')).toBe(false);
  });

  it("takes a token for this server's own app (aud = OAUTH_CLIENT_ID, as Entra v2.0 writes it), never one for another app", async () => {
    const other = await entra.userToken('user-mallory', { aud: '0f1e2d3c-other-app' });
    const response = await postMcp(url, call('read_item', { id: 'o1' }), other);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", /);
    expect(sink.text()).toContain(`audience: does not include ${RESOURCE}`);
  });

  it('no log line holds a token or the client secret', () => {
    expect(sink.text()).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
    expect(sink.text()).not.toContain(CLIENT.secret);
  });
});
