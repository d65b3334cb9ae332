// The limit: the least any server can do for the bench's tools. node:http, HTTP+SSE by hand (GET /sse,
// POST /messages answered on the stream) and POST /mcp answered as JSON; `get_order` and `get_order_text`
// forwarded with undici's `request` on one keep-alive pool. A 2026-07-28 request gets the work
// its revision requires, by hand: the envelope's version and the MCP-Protocol-Version, Mcp-Method and
// Mcp-Name headers checked against the body, and the result stamped. No other validation, no logging, no
// limits: a floor to measure against, never a server to deploy.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Pool } from 'undici';
import { listen, type Listening } from '../src/http/listen';

interface Message {
  id?: string | number;
  method?: string;
  params?: { name?: string; arguments?: { orderId?: string }; protocolVersion?: string; _meta?: Record<string, unknown> };
}

const MODERN = '2026-07-28';
const CLAIM = 'io.modelcontextprotocol/protocolVersion';
/** What a 2026-07-28 result carries beside the 2025-era one. */
const STAMP = { resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'limit', version: '1.0.0' } } };

const INPUT = { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] };
/**
 * get_order declares an output in ours (tools/get_order.ts), so on /mcp its answer carries the order as
 * structuredContent too; get_order_text (bench/order-text-tool.ts) declares none: the API's text only. The
 * list leaves outputSchema out: it is not on the measured path, and a 2024-11-05 client (the hub's lane,
 * answered text only) must not be told to expect structuredContent.
 */
const TOOLS = [
  { name: 'get_order', description: 'Look up one order by its id.', inputSchema: INPUT },
  { name: 'get_order_text', description: 'Look up one order by its id, as the API wrote it.', inputSchema: INPUT },
];
const isTool = (message: Message): boolean =>
  message.method === 'tools/call' && (message.params?.name === 'get_order' || message.params?.name === 'get_order_text');

const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' };

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const isModern = (message: Message): boolean => message.params?._meta?.[CLAIM] !== undefined;

const answer = (message: Message, result: object): string =>
  JSON.stringify({ jsonrpc: '2.0', id: message.id, result: isModern(message) ? { ...result, ...STAMP } : result });

/** 2026-07-28's header checks, by hand: the answer to a request whose headers disagree with its body. */
function headerMismatch(message: Message, headers: IncomingMessage['headers']): string | undefined {
  if (!isModern(message)) return undefined;
  const agree =
    message.params?._meta?.[CLAIM] === MODERN &&
    headers['mcp-protocol-version'] === MODERN &&
    headers['mcp-method'] === message.method &&
    (message.method !== 'tools/call' || headers['mcp-name'] === message.params?.name);
  return agree ? undefined : JSON.stringify({ jsonrpc: '2.0', id: message.id ?? null, error: { code: -32020, message: 'headers and body disagree' } });
}

export function createLimitServer(apiUrl: string) {
  // Unlimited connections per origin (undici's default for a Pool): concurrency follows demand.
  const pool = new Pool(apiUrl, { keepAliveTimeout: 60_000 });
  const streams = new Map<string, ServerResponse>();

  /**
   * Either tool: GET /orders/:id with the caller's Authorization; the API's text goes back as it came and,
   * for get_order to a client of 2025-06-18 or later (`structured`: /mcp here), parsed once as
   * structuredContent, as ours does. The hub's lane speaks 2024-11-05: text only.
   */
  async function callTool(message: Message, authorization: string | undefined, structured: boolean): Promise<string> {
    const orderId = message.params?.arguments?.orderId ?? '';
    try {
      const res = await pool.request({
        method: 'GET',
        path: `/orders/${encodeURIComponent(orderId)}`,
        headers: authorization === undefined ? {} : { authorization },
      });
      const text = await res.body.text();
      if (res.statusCode !== 200) {
        return answer(message, { content: [{ type: 'text', text: `The order API answered ${res.statusCode}.` }], isError: true });
      }
      return answer(message, structured ? { content: [{ type: 'text', text }], structuredContent: JSON.parse(text) as unknown } : { content: [{ type: 'text', text }] });
    } catch {
      return answer(message, { content: [{ type: 'text', text: 'The order API could not be reached.' }], isError: true });
    }
  }

  /** Every answer but a tool call's is immediate; undefined for a notification. */
  function immediate(message: Message): string | undefined {
    if (message.id === undefined) return undefined;
    switch (message.method) {
      case 'initialize':
        return answer(message, {
          protocolVersion: message.params?.protocolVersion ?? '2025-06-18',
          capabilities: { tools: {} },
          serverInfo: { name: 'limit', version: '1.0.0' },
        });
      case 'tools/list':
        return answer(message, { tools: TOOLS });
      case 'ping':
        return answer(message, {});
      default:
        return JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
    }
  }

  function openStream(res: ServerResponse): void {
    const id = randomUUID();
    res.writeHead(200, SSE_HEADERS);
    res.write(`event: endpoint\ndata: /messages?sessionId=${id}\n\n`);
    streams.set(id, res);
    res.on('close', () => streams.delete(id));
  }

  async function postMessage(req: IncomingMessage, res: ServerResponse, sessionId: string): Promise<void> {
    const stream = streams.get(sessionId);
    const message = JSON.parse(await readBody(req)) as Message;
    if (!stream) return sendJson(res, 404, '{"error":"unknown session"}');
    if (isTool(message)) {
      const answered = callTool(message, req.headers.authorization, false);
      res.writeHead(202).end(); // after the API request has left, as ours does
      stream.write(`event: message\ndata: ${await answered}\n\n`);
      return;
    }
    res.writeHead(202).end();
    const text = immediate(message);
    if (text !== undefined) stream.write(`event: message\ndata: ${text}\n\n`);
  }

  async function postMcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const message = JSON.parse(await readBody(req)) as Message;
    const mismatch = headerMismatch(message, req.headers);
    if (mismatch !== undefined) return sendJson(res, 400, mismatch);
    if (isTool(message)) {
      return sendJson(res, 200, await callTool(message, req.headers.authorization, message.params?.name === 'get_order'));
    }
    const text = immediate(message);
    if (text === undefined) res.writeHead(202).end();
    else sendJson(res, 200, text);
  }

  const server = createServer({ keepAlive: true }, (req, res) => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    let handled: Promise<void> | undefined;
    if (req.method === 'GET' && path === '/sse') openStream(res);
    else if (req.method === 'POST' && path === '/messages') {
      handled = postMessage(req, res, new URLSearchParams(url.slice(query + 1)).get('sessionId') ?? '');
    } else if (req.method === 'POST' && path === '/mcp') handled = postMcp(req, res);
    else if (req.method === 'GET' && path === '/health') sendJson(res, 200, '{"status":"healthy"}');
    else sendJson(res, 404, '{"error":"not found"}');
    handled?.catch(() => (res.headersSent ? res.destroy() : sendJson(res, 400, '{"error":"bad request"}')));
  });
  server.keepAliveTimeout = 60_000;
  return { server, pool };
}

/** Starts the limit server on loopback; port 0 picks a free port. Closing also ends its API pool. */
export async function startLimitServer(apiUrl: string, port = 0, host = '127.0.0.1'): Promise<Listening> {
  const { server, pool } = createLimitServer(apiUrl);
  const listening = await listen(server, port, host);
  return { ...listening, close: () => Promise.all([listening.close(), pool.destroy()]).then(() => undefined) };
}

if (require.main === module) {
  const apiUrl = process.env.CUSTOMER_API_URL;
  if (!apiUrl) {
    process.stderr.write('CUSTOMER_API_URL is required\n');
    process.exit(1);
  }
  // Exit on SIGTERM rather than be killed by it, so that a --cpu-prof profile of the limit is written.
  process.once('SIGTERM', () => process.exit(0));
  startLimitServer(apiUrl, Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1').catch((error: unknown) => {
    process.stderr.write(`limit server failed to start: ${String(error)}\n`);
    process.exit(1);
  });
}
