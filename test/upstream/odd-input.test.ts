import { postDirect, callTool } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';

describe('odd input to tools through the server', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  it('a lone surrogate in a path parameter gets a validation result naming the field, not the internal error', async () => {
    // JSON.stringify writes the lone surrogate as the escape \ud800, which JSON.parse turns back into it.
    const answer = await postDirect(
      stack.url,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('get_order', { orderId: '10\uD800' }) },
      { authorization: 'Bearer demo-manager-token' },
    );
    expect(answer.status).toBe(200);
    expect(answer.json?.result?.isError).toBe(true);
    const text = answer.json?.result?.content?.[0]?.text ?? '';
    expect(text).toContain('orderId');
    expect(text).not.toContain('internal error');
    expect(stack.logs()).toContainEqual(expect.objectContaining({ msg: 'tool call', outcome: 'invalid_arguments' }));
  });
});
