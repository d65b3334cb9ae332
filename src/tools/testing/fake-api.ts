// A small stand-in for your API in tool tests: a real HTTP server on loopback that answers from a table
// of routes and records every request it gets, so a test can check what the tool sent.
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { listen } from '../../http/listen';

export interface FakeRequest {
  method: string;
  /** The path as received, without the query, e.g. /orders/1001. */
  path: string;
  /** The request target exactly as received, query included, e.g. /orders?status=open. */
  url: string;
  /** Values of the route's `:name` segments, decoded. */
  params: Record<string, string>;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The JSON body, parsed; undefined when there was none or it was not JSON. */
  body: unknown;
  /** The body as received ('' when there was none), e.g. a form-encoded one. */
  text: string;
}

export interface FakeResponse {
  /** Default 200. */
  status?: number;
  /** Sent as JSON; omit for an empty body. */
  body?: unknown;
  /** Response headers besides content-type, e.g. { 'retry-after': '30' } on a 429. */
  headers?: Record<string, string>;
}

/** Keys are "METHOD /path/:param", e.g. "GET /orders/:id"; unmatched requests get 404. */
export type FakeRoutes = Record<string, (request: FakeRequest) => FakeResponse | Promise<FakeResponse>>;

export interface FakeApi {
  /** Base URL to use as CUSTOMER_API_URL, e.g. http://127.0.0.1:40123 */
  url: string;
  /** Every request received, oldest first. */
  requests: FakeRequest[];
  close(): Promise<void>;
}

interface CompiledRoute {
  method: string;
  pattern: RegExp;
  names: string[];
  handle: FakeRoutes[string];
}

function compile(routes: FakeRoutes): CompiledRoute[] {
  return Object.entries(routes).map(([key, handle]) => {
    const [method, template] = key.split(' ');
    if (!method || !template?.startsWith('/')) throw new TypeError(`Fake route "${key}" must read "METHOD /path"`);
    const names: string[] = [];
    const source = template
      .split('/')
      .map((part) => (part.startsWith(':') ? (names.push(part.slice(1)), '([^/]+)') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return { method: method.toUpperCase(), pattern: new RegExp(`^${source}$`), names, handle };
  });
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** Starts the fake on a free loopback port. */
export async function startFakeApi(routes: FakeRoutes): Promise<FakeApi> {
  const compiled = compile(routes);
  const requests: FakeRequest[] = [];
  const server = createServer(async function fakeApi(req, res) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const text = await readText(req).catch(() => '');
    const request: FakeRequest = {
      method,
      path: url.pathname,
      url: req.url ?? '/',
      params: {},
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body: parseJson(text),
      text,
    };
    requests.push(request);
    let answer: FakeResponse = { status: 404, body: { error: 'not_found', message: `No fake route for ${method} ${url.pathname}` } };
    for (const route of compiled) {
      const match = route.method === method ? route.pattern.exec(url.pathname) : null;
      if (!match) continue;
      route.names.forEach((name, i) => (request.params[name] = decodeURIComponent(match[i + 1] ?? '')));
      try {
        answer = await route.handle(request);
      } catch (error) {
        answer = { status: 500, body: { error: 'fake_route_threw', message: String(error) } };
      }
      break;
    }
    if (answer.body === undefined) return void res.writeHead(answer.status ?? 200, answer.headers ?? {}).end();
    res.writeHead(answer.status ?? 200, { ...answer.headers, 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  const listening = await listen(server);
  return { url: listening.url, requests, close: listening.close };
}
