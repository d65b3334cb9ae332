import { callTool, postDirect } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';

describe('per-user rate limit on tool calls', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: { USER_CALLS_PER_MINUTE: '60', USER_CALL_BURST: '3' } });
  });
  afterAll(() => stack.close());

  const whoami = (headers: Record<string, string>, id: number) =>
    postDirect(stack.url, { jsonrpc: '2.0', id, method: 'tools/call', params: callTool('whoami') }, headers);

  it('past the burst, a user gets an isError result telling the model to wait; other users are not affected', async () => {
    const alice = { 'x-user-id': 'alice', authorization: 'Bearer demo-manager-token' };
    const answers = [];
    for (let id = 1; id <= 4; id += 1) answers.push(await whoami(alice, id));
    expect(answers.slice(0, 3).map((a) => a.json?.result?.isError)).toEqual([undefined, undefined, undefined]);
    expect(answers[3]?.json?.result).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'Too many requests in a short time (error: rate limited). Wait about 1 second, then try again.' }],
    });
    expect((await whoami({ ...alice, 'x-user-id': 'bob' }, 5)).json?.result?.isError).toBeUndefined();
    expect(stack.logs()).toContainEqual(expect.objectContaining({ msg: 'tool call', outcome: 'refused', code: 'RATE_LIMITED', userId: 'alice' }));
  });

  it('without X-User-Id, calls count against a fingerprint of the credentials, never the credential itself', async () => {
    const token = { authorization: 'Bearer demo-viewer-token' };
    const answers = [];
    for (let id = 10; id < 14; id += 1) answers.push(await whoami(token, id));
    expect(answers.map((a) => a.json?.result?.isError)).toEqual([undefined, undefined, undefined, true]);
    expect((await whoami({ authorization: 'Bearer demo-manager-token' }, 20)).json?.result?.isError).toBeUndefined();
    // An X-User-Id that fails the length/charset check is ignored: the credential's bucket applies.
    expect((await whoami({ ...token, 'x-user-id': 'x'.repeat(500) }, 21)).json?.result?.isError).toBe(true);
  });
});
