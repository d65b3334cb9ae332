// A tool's credentials placed where its security schemes say (src/upstream/placement.ts): which value each
// scheme takes (UPSTREAM_CREDENTIALS, the scheme's own header, X-Api-Key-<scheme>, the only key as the hub
// sends a credential), then the same seen on the wire by an API on loopback, and UPSTREAM_CREDENTIALS at startup.
import { z } from 'zod';
import { defineTool } from '../../src/tools';
import { startFakeApi, startToolServer, type FakeApi, type TestServer } from '../../src/tools/testing';
import { compilePlacement, keyHeaderOf, place, type CredentialPlace } from '../../src/upstream/placement';
import { problemsOf } from '../support/config-problems';

const headerKey: CredentialPlace = { scheme: 'ApiKeyAuth', type: 'apiKey', in: 'header', name: 'X-Acme-Key' };
const queryKey: CredentialPlace = { scheme: 'api_key', type: 'apiKey', in: 'query', name: 'key' };
const queryToken: CredentialPlace = { scheme: 'api_token', type: 'apiKey', in: 'query', name: 'token' };
const basic: CredentialPlace = { scheme: 'basicAuth', type: 'basic' };

describe('placement: the value of each scheme', () => {
  it('a tool without credentials or account has no placement', () => {
    expect(compilePlacement(undefined, undefined)).toBeUndefined();
    expect(compilePlacement([[]], [])).toBeUndefined();
  });

  it('X-Api-Key-<scheme> names the scheme with "-" for anything but letters and digits', () => {
    expect(keyHeaderOf('api_key')).toBe('x-api-key-api-key');
    expect(keyHeaderOf('ApiKeyAuth')).toBe('x-api-key-apikeyauth');
  });

  it('a header scheme: from its own header, or X-Api-Key-<scheme>; the only key also from X-Api-Key or Authorization: Bearer', () => {
    const placement = compilePlacement([[headerKey]])!;
    expect(place(placement, undefined, { 'x-acme-key': 'own-1' }).headers).toEqual({ 'x-acme-key': 'own-1' });
    expect(place(placement, undefined, { 'x-api-key-apikeyauth': 'named-2' }).headers).toEqual({ 'x-acme-key': 'named-2' });
    expect(place(placement, undefined, { 'x-api-key': 'plain-3' }).headers).toEqual({ 'x-acme-key': 'plain-3' });
    // The hub sends a user's credential as Authorization: Bearer <value>: the key goes to its header.
    expect(place(placement, undefined, { authorization: 'Bearer hub-4' })).toMatchObject({ headers: { 'x-acme-key': 'hub-4' }, values: ['hub-4'] });
  });

  it('two keys (one requirement each, or both in one): each from its X-Api-Key-<scheme>, never one value for both', () => {
    const placement = compilePlacement([[queryKey], [queryToken]])!;
    expect(place(placement, undefined, { 'x-api-key-api-key': 'k 1', 'x-api-key-api-token': 't&2' }).search).toBe('key=k%201&token=t%262');
    expect(place(placement, undefined, { authorization: 'Bearer only-one', 'x-api-key': 'x' }).search).toBe('');
  });

  it('with an HTTP scheme among the alternatives, Authorization stays as it came: the only key is not read from it', () => {
    const placement = compilePlacement([[queryKey], [basic]])!;
    expect(placement.keepsAuthorization).toBe(true);
    expect(place(placement, undefined, { authorization: 'Bearer user-token' })).toMatchObject({ search: '', headers: {}, values: [] });
  });

  it('UPSTREAM_CREDENTIALS wins over the caller; basic becomes Basic <base64>, bearer Bearer <value>; a cookie is a cookie', () => {
    const cookie: CredentialPlace = { scheme: 'session', type: 'apiKey', in: 'cookie', name: 'sid' };
    const placement = compilePlacement([[queryKey, cookie], [basic], [{ scheme: 'jwt', type: 'bearer' }]])!;
    const placed = place(placement, { api_key: 'company', session: 's=1', basicAuth: 'user:pass' }, { 'x-api-key-api-key': 'user-value' });
    expect(placed).toMatchObject({ search: 'key=company', cookies: ['sid=s%3D1'], headers: { authorization: `Basic ${Buffer.from('user:pass').toString('base64')}` } });
    // Basic and bearer both name Authorization: the first with a value fills it.
    expect(place(placement, { jwt: 'tok' }, {}).headers).toEqual({ authorization: 'Bearer tok' });
    expect(place(placement, { jwt: 'tok', basicAuth: 'u:p' }, {}).headers).toEqual({ authorization: `Basic ${Buffer.from('u:p').toString('base64')}` });
  });

  it('where the client’s headers must not be read (/mcp in oauth mode), only UPSTREAM_CREDENTIALS fills a scheme', () => {
    const placement = compilePlacement([[queryKey]], [{ in: 'header', name: 'Xero-Tenant-Id' }])!;
    expect(place(placement, undefined, undefined).search).toBe('');
    expect(place(placement, { api_key: 'company', 'Xero-Tenant-Id': 't-1' }, undefined)).toMatchObject({ search: 'key=company', headers: { 'xero-tenant-id': 't-1' }, values: ['company'] });
  });

  it('an account parameter: from the header of its name, in the header or the query it names; not a credential to redact', () => {
    const placement = compilePlacement([], [{ in: 'query', name: 'organizationId' }])!;
    expect(placement.apiKey).toBe(false);
    expect(place(placement, undefined, { organizationid: 'org-9' })).toMatchObject({ search: 'organizationId=org-9', values: [] });
  });
});

describe('placed credentials on the wire (hub’s lane, an API on loopback)', () => {
  let api: FakeApi;
  let server: TestServer;
  const tool = defineTool({
    name: 'get_widget',
    description: 'Reads a widget.',
    input: { id: z.string().describe('The widget id.') },
    credentials: [[headerKey]],
    handler: async ({ id }, ctx) => JSON.stringify(await ctx.api.get(`/widgets/${encodeURIComponent(id)}`)),
  });
  const session = defineTool({
    name: 'get_session_widget',
    description: 'Reads a widget with a session cookie.',
    input: {},
    credentials: [[{ scheme: 'session', type: 'apiKey', in: 'cookie', name: 'sid' }]],
    handler: async (_input, ctx) => JSON.stringify(await ctx.api.get('/widgets/w2')),
  });
  const echoing = defineTool({
    name: 'get_echo',
    description: 'Reads an answer that echoes the key.',
    input: {},
    credentials: [[queryKey]],
    handler: async (_input, ctx) => JSON.stringify(await ctx.api.get('/echo')),
  });
  beforeAll(async () => {
    api = await startFakeApi({
      'GET /widgets/:id': () => ({ body: { id: 'w1' } }),
      'GET /echo': (request) => ({ status: 400, body: { message: `Invalid key ${request.query.key ?? ''}` } }),
    });
    server = await startToolServer({ tools: [tool, session, echoing], apiUrl: api.url, env: { USER_CALLS_PER_MINUTE: '0', LOG_LEVEL: 'debug' } });
  });
  afterAll(async () => {
    await server.close();
    await api.close();
  });

  it('the key from Authorization goes to its header; Authorization is still forwarded as it came', async () => {
    const { isError } = await server.call('get_widget', { id: 'w1' }, { authorization: 'Bearer KEYFROMHUB42' });
    expect(isError).toBe(false);
    const { headers } = api.requests.at(-1)!;
    expect(headers).toMatchObject({ 'x-acme-key': 'KEYFROMHUB42', authorization: 'Bearer KEYFROMHUB42' });
  });

  it('a cookie scheme joins the cookies the hub forwarded', async () => {
    const { isError } = await server.call('get_session_widget', {}, { cookie: 'theme=dark', 'x-api-key': 'SESSION77' });
    expect(isError).toBe(false);
    expect(api.requests.at(-1)!.headers.cookie).toBe('theme=dark; sid=SESSION77');
  });

  it('an API that echoes the placed query key: the reason reaches the model without it, and no log line holds it', async () => {
    const { isError, text } = await server.call('get_echo', {}, { 'x-api-key': 'QUERYKEY31337' });
    expect(api.requests.at(-1)!.query).toEqual({ key: 'QUERYKEY31337' });
    expect(isError).toBe(true);
    expect(text).toContain('Invalid key [redacted]');
    expect(JSON.stringify(server.logs())).not.toContain('QUERYKEY31337');
  });
});

describe('UPSTREAM_CREDENTIALS at startup', () => {
  const base = { NODE_ENV: 'test', CUSTOMER_API_URL: 'http://127.0.0.1:1' };
  it('a JSON object of scheme name to a one-line value loads', () => {
    expect(problemsOf({ ...base, UPSTREAM_CREDENTIALS: '{"api_key":"k-1","xero-tenant-id":"t"}' })).toEqual([]);
  });

  it.each([
    ['not JSON', 'api_key=SECRETVALUE1', 'UPSTREAM_CREDENTIALS: must be a JSON object of security scheme name to value, e.g. {"api_key":"<key>"}'],
    ['an empty object', '{}', 'UPSTREAM_CREDENTIALS: must be a JSON object of security scheme name to value, e.g. {"api_key":"<key>"}'],
    ['a line break in a value', '{"api_key":"SECRETVALUE1\\nX: 1"}', 'UPSTREAM_CREDENTIALS: the value of "api_key" must be one line of visible ASCII text'],
    ['a number', '{"api_key":12345678}', 'UPSTREAM_CREDENTIALS: the value of "api_key" must be one line of visible ASCII text'],
  ])('%s is refused, and the value is never repeated', (_case, value, problem) => {
    const problems = problemsOf({ ...base, UPSTREAM_CREDENTIALS: value });
    expect(problems).toEqual([problem]);
    expect(problems.join(' ')).not.toMatch(/SECRETVALUE1|12345678/);
  });
});
