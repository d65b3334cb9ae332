// UPSTREAM_* settings, set through the environment as a deployment would, seen end to end in tool results.
import { createServer, type RequestListener } from 'node:http';
import { listen, type Listening } from '../../src/http/listen';
import { callTool, postDirect } from '../support/sse-client';
import { MANAGER, startStack } from '../support/stack';

async function withUpstream(handler: RequestListener, env: NodeJS.ProcessEnv, run: (toolServer: string) => Promise<void>) {
  const upstream: Listening = await listen(createServer(handler));
  const stack = await startStack({ env, customerApiUrl: () => upstream.url });
  try {
    await run(stack.url);
  } finally {
    await stack.close();
    await upstream.close();
  }
}

const getOrder = (url: string) =>
  postDirect(url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('get_order', { orderId: '1' }) }, MANAGER);

describe('upstream settings from the environment', () => {
  it('UPSTREAM_TIMEOUT_MS bounds the wait for the API', async () => {
    const silent: RequestListener = (req, res) => {
      if (req.url === '/') res.end('ok'); // the health probe
    };
    await withUpstream(silent, { UPSTREAM_TIMEOUT_MS: '200' }, async (url) => {
      // The API never answers: only the deadline ends the call (a hang fails the test by its own time-out).
      const { json } = await getOrder(url);
      expect(json?.result?.isError).toBe(true);
      expect(json?.result?.content?.[0]?.text).toMatch(/timeout error/);
    });
  });

  it('UPSTREAM_MAX_RESPONSE_BYTES refuses a larger answer', async () => {
    const big: RequestListener = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: '1', pad: 'x'.repeat(5_000) }));
    };
    await withUpstream(big, { UPSTREAM_MAX_RESPONSE_BYTES: '2048' }, async (url) => {
      const { json } = await getOrder(url);
      expect(json?.result?.isError).toBe(true);
      expect(json?.result?.content?.[0]?.text).toMatch(/response too large/);
    });
  });
});
