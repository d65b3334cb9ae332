// Per-user limits in oauth mode: a caller's share is keyed by the verified subject's tag, so a
// new token does not buy a new share and a client cannot claim another user's with X-User-Id.
import { call, postMcp, startOAuthStack, type OAuthStack } from './oauth-stack';

describe('auth: per-user limits by subject', () => {
  let stack: OAuthStack;
  beforeAll(async () => {
    stack = await startOAuthStack({ env: { USER_CALLS_PER_MINUTE: '1', USER_CALL_BURST: '1' } });
  });
  afterAll(() => stack.close());

  const run = async (token: string, headers: Record<string, string> = {}) =>
    ((await (await postMcp(stack.url, call('hello'), token, headers)).json()) as { result: { isError?: boolean } }).result;

  it('a second token of the same subject shares its limit; another subject has its own', async () => {
    expect((await run(await stack.token('alice'))).isError).toBeUndefined();
    expect((await run(await stack.token('alice'), { 'x-user-id': 'bob' })).isError).toBe(true);
    expect((await run(await stack.token('bob'))).isError).toBeUndefined();
    const refused = stack.logs().find((line) => line.msg === 'tool call' && line.outcome === 'refused');
    expect(refused?.userId).toMatch(/^sub:/);
  });
});

// A hosted assistant posts many users' calls from one address. While a token is verified the bodies of
// those requests arrive whole; once it is, each is parsed: none is still "being received", so the cap on
// bodies arriving at once per client (MAX_BODIES_PER_CLIENT) must not refuse them.
describe('auth: bodies that arrived whole while the token was verified', () => {
  let stack: OAuthStack;
  beforeAll(async () => {
    stack = await startOAuthStack({ env: { MAX_BODIES_PER_CLIENT: '1' } });
  });
  afterAll(() => stack.close());

  it('five concurrent calls from one address with a new token are all answered, none refused 429', async () => {
    const token = await stack.token('carol');
    const responses = await Promise.all(Array.from({ length: 5 }, (_, i) => postMcp(stack.url, call('hello', {}, i), token)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
  });
});
