// A call that makes two requests at once, one answered 200 and one that fails, writes a line naming the
// request that failed: its method, path template and status (none for a timeout), never the status of the
// parallel request that succeeded (it once read "upstream_timeout" with "/orders" and 200, the 200 of
// /users/me).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen, type Listening } from '../../src/http/listen';
import { defineTool } from '../../src/tools';
import { callTool, postDirect } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';

const tools = [
  defineTool({
    name: 'me_and_orders',
    description: 'Reads the user and their orders at once.',
    input: {},
    handler: async (_args, ctx) => {
      const [me, orders] = await Promise.all([ctx.api.get('/users/me'), ctx.api.get('/orders')]);
      return JSON.stringify({ me, orders });
    },
  }),
];

type OrdersAnswer = 'never' | 'not-found' | 'not-json' | 'ok';

/**
 * /users/me answers 200 at once; /orders answers only once /users/me's answer has been written (so the
 * 200 is always seen first), as `orders` says: never, 404, a 200 that is not JSON, or a 200 in JSON.
 */
async function twoPathApi(orders: OrdersAnswer): Promise<Listening> {
  let answeredMe: () => void = () => undefined;
  const meAnswered = new Promise<void>((resolve) => (answeredMe = resolve));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url === '/users/me') {
      res.on('finish', answeredMe);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"u-1"}');
      return;
    }
    if (orders === 'never') return; // the socket stays open, unanswered, until the server closes
    void meAnswered.then(() => {
      if (orders === 'not-found') res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no orders"}');
      else if (orders === 'not-json') res.writeHead(202, { 'content-type': 'text/html' }).end('<html></html>');
      else res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
  });
  return listen(server);
}

async function callLine(orders: OrdersAnswer): Promise<Record<string, unknown>> {
  const api = await twoPathApi(orders);
  let stack: Stack | undefined;
  try {
    // Long enough that /users/me's 200 always comes in time on a loaded machine (at 300 ms it once timed
    // out too, and the line rightly named it): only /orders, which never answers, may time out.
    stack = await startStack({ tools, env: { UPSTREAM_TIMEOUT_MS: '3000' }, customerApiUrl: () => api.url });
    await postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('me_and_orders') }, { 'x-request-id': `req-${orders}` });
    const lines = stack.logs().filter((line) => line.requestId === `req-${orders}` && typeof line.outcome === 'string');
    expect(lines).toHaveLength(1);
    return lines[0]!;
  } finally {
    await stack?.close();
    await api.close();
  }
}

describe('the call line of a call with two parallel requests', () => {
  it('one answered 200 and one that times out: names the timed-out request, with no status', async () => {
    const line = await callLine('never');
    expect(line).toMatchObject({ outcome: 'upstream_timeout', cause: 'timeout', upstreamMethod: 'GET', upstreamPath: '/orders' });
    expect(line).not.toHaveProperty('upstreamStatus');
  });

  it('one answered 200 and one answered 404 after it: names the 404 request and its status', async () => {
    const line = await callLine('not-found');
    expect(line).toMatchObject({ upstreamMethod: 'GET', upstreamPath: '/orders', upstreamStatus: 404 });
  });

  it('one answered 200 and one answered 202 with a body that is not JSON: names that request and its 202', async () => {
    const line = await callLine('not-json');
    expect(line).toMatchObject({ upstreamMethod: 'GET', upstreamPath: '/orders', upstreamStatus: 202 });
  });

  it('both answered: the line keeps the status the API answered, as before', async () => {
    const line = await callLine('ok');
    expect(line).toMatchObject({ outcome: 'ok', upstreamStatus: 200 });
    expect(line).not.toHaveProperty('upstreamPath');
  });
});
