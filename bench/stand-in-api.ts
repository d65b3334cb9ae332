// Stand-in for the customer's REST API: GET /orders/:id answers about 1 KB of JSON, on plain node:http,
// optionally after a fixed delay (a slow API). Run as a child process by the bench (env PORT, HOST,
// DELAY_MS), or started in-process by the tests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen, type Listening } from '../src/http/listen';

/**
 * Builds the order document; about 1 KB once serialised, like a typical single-record answer. Its shape is
 * the example API's order (tools/types.ts), so the measured tool, get_order, checks it against its
 * `output` like any real answer.
 */
export function orderBody(id: string): Record<string, unknown> {
  const lines = [
    ['SKU-10021-MUG-350', 2, 18.5],
    ['SKU-20417-BEANS-1KG', 1, 24.9],
    ['SKU-30988-DRIPPER', 1, 32],
    ['SKU-30990-FILTERS-100', 3, 4.25],
    ['SKU-41120-GRINDER-HAND', 1, 49],
    ['SKU-41121-GRINDER-BURR', 1, 12.75],
    ['SKU-52001-KETTLE-GOOSENECK', 1, 58],
    ['SKU-52002-THERMOMETER', 1, 9.99],
    ['SKU-60310-SCALE-0.1G', 1, 27.5],
    ['SKU-70044-CARAFE-600', 1, 21],
    ['SKU-70045-CUPS-PAIR', 2, 16.4],
    ['SKU-80001-GIFT-WRAP', 1, 3.5],
  ].map(([sku, quantity, unitPrice]) => ({ sku, quantity, unitPrice }));
  return {
    id,
    customer: 'Ada Example Trading Ltd',
    status: 'shipped',
    lines,
    total: 372.19,
    createdAt: '2024-05-14T09:26:53Z',
    createdBy: 'ada.example@example.com',
    tenantId: 'acme-coffee-supplies',
  };
}

const ORDER_PATH = /^\/orders\/([^/?]+)$/;

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function answer(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (req.method !== 'GET') return send(res, 405, { error: 'method not allowed' });
  // Health probes of the tool server may call the API's root or /health: both answer healthy.
  if (path === '/' || path === '/health') return send(res, 200, { status: 'healthy' });
  const match = ORDER_PATH.exec(path);
  if (!match?.[1]) return send(res, 404, { error: 'not found' });
  // Like a real API behind the tool server: no credential, no order.
  if (!req.headers.authorization) return send(res, 401, { error: 'unauthorized' });
  send(res, 200, orderBody(decodeURIComponent(match[1])));
}

export type StartedServer = Listening;

/**
 * Starts the stand-in API; port 0 picks a free port. With `delayMs` every answer waits that long first:
 * an API whose latency, not its CPU, limits it (the bench's slow-upstream phase).
 */
export function startStandInApi(port = 0, host = '127.0.0.1', delayMs = 0): Promise<StartedServer> {
  const handle =
    delayMs > 0
      ? (req: IncomingMessage, res: ServerResponse) => void setTimeout(answer, delayMs, req, res)
      : answer;
  const server = createServer({ keepAlive: true }, handle);
  // The bench keeps connections open between rounds; the default 5 s would close them under it.
  server.keepAliveTimeout = 60_000;
  return listen(server, port, host);
}

if (require.main === module) {
  const delayMs = Number(process.env.DELAY_MS ?? 0);
  startStandInApi(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', delayMs).catch((error: unknown) => {
    process.stderr.write(`stand-in API failed to start: ${String(error)}\n`);
    process.exit(1);
  });
}
