// Why a token was refused, in the log (issue 25): at info once a minute per client with the failed check
// and our expected value; every time at debug; never the token, never its claims. Real tokens from the
// real authorization server, refused at POST /mcp.
import { API_AUDIENCE, call, postMcp, RESOURCE, startOAuthStack, type OAuthStack } from './oauth-stack';

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
