// Stand-in for the customer's REST API: GET /orders/:id answers about 1 KB of JSON, on plain node:http,
// optionally after a fixed delay (a slow API). Run as a child process by the bench (env PORT, HOST,
// DELAY_MS), or started in-process by the tests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen, type Listening } from '../src/http/listen';

/** Builds the order document; about 1 KB once serialised, like a typical single-record answer. */
export function orderBody(id: string): Record<string, unknown> {
  return {
    id,
    status: 'shipped',
    placedAt: '2024-05-14T09:26:53Z',
    customer: { id: 'cus_8812', name: 'Ada Example', email: 'ada@example.com', tier: 'gold' },
    shippingAddress: { line1: '12 Harbour Road', city: 'Portsmouth', postcode: 'PO1 3AX', country: 'GB' },
    items: [
      { sku: 'SKU-10021', name: 'Stainless travel mug, 350 ml', quantity: 2, unitPrice: 18.5 },
      { sku: 'SKU-20417', name: 'Organic coffee beans, medium roast, 1 kg', quantity: 1, unitPrice: 24.9 },
      { sku: 'SKU-30988', name: 'Ceramic pour-over dripper with filter papers', quantity: 1, unitPrice: 32 },
    ],
    totals: { subtotal: 93.9, shipping: 4.95, tax: 19.77, total: 118.62, currency: 'GBP' },
    tracking: { carrier: 'Parcelforce', number: 'PF123456789GB', url: 'https://tracking.example.com/PF123456789GB' },
    history: [
      { at: '2024-05-14T09:26:53Z', status: 'placed' },
      { at: '2024-05-14T11:02:10Z', status: 'paid' },
      { at: '2024-05-15T16:40:00Z', status: 'shipped' },
    ],
    notes: 'Leave with the neighbour at number 14 if nobody answers. Fragile: contains ceramics.',
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
 * an API whose latency, not its CPU, limits it (the bench's slow-upstream phase, issue 12).
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
