// Why a token was refused, in the log: at info the first refusal of each reason per client,
// with the failed check and our expected value, then summaries with counts; every time at debug; never the
// token, never its claims; one line each when the authorization server goes away and comes back. Real
// tokens from the real authorization server, refused at POST /mcp, read from the real logger's lines.
import { createRefusalLog } from '../../src/auth/refusal-log';
import { subjectTagOf } from '../../src/auth';
import { createLogger } from '../../src/logger';
import { API_AUDIENCE, call, OPAQUE_RESOURCE, postMcp, RESOURCE, startOAuthStack, type OAuthStack } from './oauth-stack';

const refusals = (stack: OAuthStack) => stack.logs().filter((line) => line.msg === 'invalid token refused');

describe('auth: refused tokens at info', () => {
  let stack: OAuthStack;
  beforeAll(async () => {
    stack = await startOAuthStack({ env: { LOG_LEVEL: 'info' } });
  });
  afterAll(() => stack.close());

  it('the first refusal of a client names the check and the expected audience; the next within a minute is not logged', async () => {
    const forTheApi = await stack.token('wrong-audience-user', ['api'], API_AUDIENCE);
    expect((await postMcp(stack.url, call('hello'), forTheApi)).status).toBe(401);
    expect((await postMcp(stack.url, call('hello', {}, 2), forTheApi)).status).toBe(401);
    expect(refusals(stack)).toEqual([expect.objectContaining({ level: 30, client: '127.0.0.1', reason: `audience: does not include ${RESOURCE}` })]);
    expect(stack.logText()).not.toContain(forTheApi);
    expect(stack.logText()).not.toContain('wrong-audience-user');
  });
});

describe('auth: the subject of a refused token, where it can be trusted', () => {
  let stack: OAuthStack;
  beforeAll(async () => {
    stack = await startOAuthStack({ env: { LOG_LEVEL: 'info' } });
  });
  afterAll(() => stack.close());

  it('a signed token for another audience names its hashed subject; a token whose signature fails names none', async () => {
    const forTheApi = await stack.token('tagged-user', ['api'], API_AUDIENCE);
    const [header, payload] = forTheApi.split('.');
    const unsigned = `${header}.${payload}.${'A'.repeat(342)}`;
    expect((await postMcp(stack.url, call('hello'), forTheApi)).status).toBe(401);
    expect((await postMcp(stack.url, call('hello'), unsigned)).status).toBe(401);
    const [audience, signature] = refusals(stack);
    expect(audience).toMatchObject({ level: 30, reason: `audience: does not include ${RESOURCE}`, userId: subjectTagOf(stack.as.issuer, 'tagged-user') });
    expect(signature?.reason).toMatch(/^signature does not verify/);
    expect(signature).not.toHaveProperty('userId');
    expect(stack.logText()).not.toContain('tagged-user');
  });

  it('a request without a token is a refusal with its cause, once a minute with the count of the rest', async () => {
    for (const id of [1, 2, 3]) expect((await postMcp(stack.url, call('hello', {}, id))).status).toBe(401);
    const lines = stack.logs().filter((line) => line.msg === 'request refused');
    expect(lines).toEqual([expect.objectContaining({ level: 30, cause: 'token-missing', status: 401, method: 'POST', path: '/mcp', suppressed: 0 })]);
  });
});

describe('auth: refused tokens at debug', () => {
  let stack: OAuthStack;
  beforeAll(async () => {
    stack = await startOAuthStack({ env: { LOG_LEVEL: 'debug' } });
  });
  afterAll(() => stack.close());

  it('every refusal is logged, each with its reason', async () => {
    const forTheApi = await stack.token('debug-user', ['api'], API_AUDIENCE);
    const [header, payload] = forTheApi.split('.');
    const unsigned = `${header}.${payload}.${'A'.repeat(342)}`;
    expect((await postMcp(stack.url, call('hello'), forTheApi)).status).toBe(401);
    expect((await postMcp(stack.url, call('hello'), unsigned)).status).toBe(401);
    expect(refusals(stack).map((line) => line.reason)).toEqual([`audience: does not include ${RESOURCE}`, expect.stringMatching(/^signature does not verify with the key of kid "key-/)]);
    expect(stack.logText()).not.toContain(payload!);
  });
});

describe('auth: each distinct refusal reason at info', () => {
  let stack: OAuthStack;
  beforeAll(async () => {
    stack = await startOAuthStack({ env: { LOG_LEVEL: 'info' } });
  });
  afterAll(() => stack.close());

  it('the first refusal of every reason of a client is logged, repeats are not', async () => {
    const forTheApi = await stack.token('reasons-user', ['api'], API_AUDIENCE);
    const [header, payload] = forTheApi.split('.');
    const otherIssuer = `${header}.${Buffer.from(JSON.stringify({ iss: 'https://evil.example.test', aud: RESOURCE })).toString('base64url')}.c2ln`;
    const unsigned = `${header}.${payload}.${'A'.repeat(342)}`;
    for (const token of [forTheApi, otherIssuer, unsigned, 'opaque-garbage-1', forTheApi, 'opaque-garbage-2', otherIssuer]) {
      expect((await postMcp(stack.url, call('hello'), token)).status).toBe(401);
    }
    expect(refusals(stack).map((line) => line.reason)).toEqual([
      `audience: does not include ${RESOURCE}`,
      `issuer: not ${stack.as.issuer}`,
      expect.stringMatching(/^signature does not verify with the key of kid "key-/),
      'introspection: not active (unknown, expired or revoked at the issuer)',
    ]);
  });
});

describe('auth: refusal summaries with counts', () => {
  it('after a minute, the next refusal of a client writes one line counting each reason since', () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } });
    let clock = 0;
    const logRefusal = createRefusalLog(logger, { now: () => clock });
    logRefusal('10.0.0.1', 'expired 12 s ago');
    logRefusal('10.0.0.1', 'expired 13 s ago');
    logRefusal('10.0.0.1', 'issuer: not https://as.example.test');
    logRefusal('10.0.0.1', 'issuer: not https://as.example.test');
    logRefusal('10.0.0.2', 'expired 1 s ago');
    clock = 60_000;
    logRefusal('10.0.0.1', 'expired 70 s ago');
    logRefusal('10.0.0.1', 'expired 71 s ago');
    expect(lines.map(({ msg, client, reason, refused }) => ({ msg, client, reason, refused }))).toEqual([
      { msg: 'invalid token refused', client: '10.0.0.1', reason: 'expired 12 s ago', refused: undefined },
      { msg: 'invalid token refused', client: '10.0.0.1', reason: 'issuer: not https://as.example.test', refused: undefined },
      { msg: 'invalid token refused', client: '10.0.0.2', reason: 'expired 1 s ago', refused: undefined },
      { msg: 'invalid tokens refused again', client: '10.0.0.1', reason: undefined, refused: { 'expired N s ago': 2, 'issuer: not https://as.example.test': 1 } },
    ]);
  });
});

describe('auth: the authorization server going away and coming back', () => {
  let stack: OAuthStack;
  beforeAll(async () => {
    stack = await startOAuthStack({
      resources: { [OPAQUE_RESOURCE]: { scopes: ['orders:read'], format: 'opaque' } },
      env: { OAUTH_RESOURCE: OPAQUE_RESOURCE, LOG_LEVEL: 'info' },
    });
  });
  afterAll(() => stack.close());

  it('writes one warn line when it stops answering and one info line when it answers again', async () => {
    const tokens = await Promise.all(['u1', 'u2', 'u3', 'u4'].map((subject) => stack.token(subject, ['orders:read'], OPAQUE_RESOURCE)));
    const reachability = () => stack.logs().filter((line) => typeof line.msg === 'string' && /^authorization server (unreachable|reachable again)/.test(line.msg));
    expect((await postMcp(stack.url, call('read_item', { id: '1' }), tokens[0])).status).toBe(200);
    await stack.as.stop();
    expect((await postMcp(stack.url, call('read_item', { id: '2' }), tokens[1])).status).toBe(503);
    expect((await postMcp(stack.url, call('read_item', { id: '3' }), tokens[2])).status).toBe(503);
    // The token verified before still serves.
    expect((await postMcp(stack.url, call('read_item', { id: '4' }), tokens[0])).status).toBe(200);
    await stack.as.start();
    expect((await postMcp(stack.url, call('read_item', { id: '5' }), tokens[3])).status).toBe(200);
    expect(reachability()).toEqual([
      expect.objectContaining({ level: 40, msg: expect.stringMatching(/^authorization server unreachable/), issuer: stack.as.issuer, reason: expect.stringContaining('introspection failed') }),
      expect.objectContaining({ level: 30, msg: 'authorization server reachable again', issuer: stack.as.issuer, failures: 2 }),
    ]);
  });
});
