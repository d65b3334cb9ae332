// The example customer API: a small orders service that authenticates its own users. It is the part of this
// project a forker REPLACES with their real API; the tool server never validates the tokens it forwards.
// Given `oauth`, it also accepts the local authorization server's tokens for it (./oauth.ts).
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { DEFAULT_TENANT, DEMO_USERS, orderTotal, seedInvoices, seedOrders, type DemoUser, type Order, type OrderLine } from './data';
import { createOAuthUsers, looksLikeJwt, type ExampleApiOAuth } from './oauth';

export interface ExampleApiOptions {
  /** Accept the tokens an authorization server issues for this API, besides the demo tokens. Default: only those. */
  oauth?: ExampleApiOAuth;
  /**
   * Where the API says why it refused a request (401 and 403: missing header, malformed, unknown token,
   * expired…), so a developer sees why the assistant said "your session has expired". Never the token.
   * The tool server passes its logger to the API it embeds; default: nowhere.
   */
  logger?: RefusalLogger;
}

/** What the API needs of a logger (a pino logger is one). */
export interface RefusalLogger {
  info(fields: object, msg: string): void;
}

export interface ExampleApi {
  app: express.Express;
  /** Test hook, in-process only: the headers of the last request to a resource route. */
  lastHeaders(): Readonly<Record<string, string | string[] | undefined>> | undefined;
}

interface Scripted {
  status?: number;
  delayMs?: number;
  times: number;
}

/** Who the API authenticated, set by `authenticate` for the handlers after it. */
const who = (res: Response) => res.locals as { user: DemoUser; tenantId: string };

const error = (res: Response, status: number, code: string, message: string) => res.status(status).json({ error: code, message });

/** Why no user was found for this Authorization header, in words; the header's scheme at most, never a token. */
function whyUnknown(header: string | undefined, token: string | undefined, oauth: boolean): string {
  if (header === undefined || header === '') return 'missing: no Authorization header';
  if (token === undefined) {
    const scheme = /^[A-Za-z][\w-]{0,19}(?= |$)/.exec(header)?.[0];
    return scheme === undefined || scheme === 'Bearer' ? 'malformed: not "Bearer <token>"' : `malformed: the ${scheme} scheme, not "Bearer <token>"`;
  }
  if (looksLikeJwt(token) && !oauth) return 'unknown token: a JWT, but this API was started without an authorization server (MCP_AUTH=oauth) to check it';
  return 'unknown token: not one of the demo tokens (README) nor a token of the authorization server';
}

function parseLines(value: unknown): OrderLine[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const lines: OrderLine[] = [];
  for (const line of value as Array<Record<string, unknown>>) {
    const { sku, quantity, unitPrice } = line ?? {};
    if (typeof sku !== 'string' || !Number.isInteger(quantity) || (quantity as number) < 1) return undefined;
    if (typeof unitPrice !== 'number' || unitPrice < 0) return undefined;
    lines.push({ sku, quantity: quantity as number, unitPrice });
  }
  return lines;
}

export function createExampleApi({ oauth, logger }: ExampleApiOptions = {}): ExampleApi {
  const oauthUser = oauth === undefined ? undefined : createOAuthUsers(oauth);
  const orders: Order[] = seedOrders();
  const invoices = seedInvoices();
  let nextId = 5000;
  let scripted: Scripted | undefined;
  let last: Record<string, string | string[] | undefined> | undefined;

  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '100kb' }));

  app.get('/', (_req, res) => {
    res.json({ name: 'example-customer-api', docs: 'See the README of the tool-server template' });
  });

  // Demo control, so a person or a test can make the next requests fail or slow down.
  app.post('/_demo/next', (req, res) => {
    const { status, delayMs, times = 1 } = (req.body ?? {}) as Partial<Scripted>;
    if (status !== undefined && (!Number.isInteger(status) || status < 200 || status > 599)) {
      return error(res, 400, 'invalid', 'status must be an HTTP status code');
    }
    if (delayMs !== undefined && (!Number.isInteger(delayMs) || delayMs < 0 || delayMs > 60_000)) {
      return error(res, 400, 'invalid', 'delayMs must be 0..60000');
    }
    scripted = { times, ...(status === undefined ? {} : { status }), ...(delayMs === undefined ? {} : { delayMs }) };
    return res.status(204).end();
  });

  const api = Router({ mergeParams: true });

  api.use(async function script(req: Request, res: Response, next: NextFunction) {
    last = { ...req.headers };
    const current = scripted;
    if (!current) return next();
    current.times -= 1;
    if (current.times <= 0) scripted = undefined;
    if (current.delayMs) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, current.delayMs);
        res.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (res.writableEnded || req.socket.destroyed) return;
    }
    if (current.status) return error(res, current.status, 'scripted_failure', `Failing with ${current.status} as asked`);
    return next();
  });

  /** Answers `status` and logs `reason` with the request's method, path (no query) and request id: never a header's value. */
  const refuse = (req: Request, res: Response, status: 401 | 403, reason: string, message: string) => {
    const requestId = req.headers['x-request-id'];
    logger?.info(
      { status, reason, method: req.method, path: `${req.baseUrl}${req.path}`.slice(0, 200), ...(typeof requestId === 'string' ? { requestId: requestId.slice(0, 100) } : {}) },
      'example API refused a request',
    );
    return error(res, status, status === 401 ? 'unauthenticated' : 'forbidden', message);
  };

  // The API's own authentication: bearer tokens, tenant membership from X-Tenant-Id or the path.
  api.use(async function authenticate(req: Request, res: Response, next: NextFunction) {
    const header = req.headers.authorization;
    const match = /^Bearer (\S+)$/.exec(header ?? '');
    const token = match?.[1];
    let user = token !== undefined && Object.hasOwn(DEMO_USERS, token) ? DEMO_USERS[token] : undefined;
    if (!user && token !== undefined && oauthUser && looksLikeJwt(token)) {
      const verdict = await oauthUser(token, req.headers);
      if ('refused' in verdict) return refuse(req, res, 401, verdict.why, `Bearer token refused: ${verdict.refused}`);
      user = verdict.user;
    }
    if (!user) return refuse(req, res, 401, whyUnknown(header, token, oauthUser !== undefined), 'Missing or unknown bearer token');
    const tenantId = (req.params.tenantId as string | undefined) ?? (req.headers['x-tenant-id'] as string | undefined) ?? DEFAULT_TENANT;
    if (!user.tenants.includes(tenantId)) return refuse(req, res, 403, `user ${user.userId} is not a member of tenant ${tenantId.slice(0, 64)}`, 'Not a member of this tenant');
    Object.assign(res.locals, { user, tenantId });
    return next();
  });

  api.get('/users/me', (req, res) => {
    const { user, tenantId } = who(res);
    res.json({ userId: user.userId, name: user.name, role: user.role, tenantId, tenants: user.tenants });
  });

  api.get('/orders', (req, res) => {
    const { tenantId } = who(res);
    const status = typeof req.query.status === 'string' ? req.query.status : undefined;
    const customer = typeof req.query.customer === 'string' ? req.query.customer.toLowerCase() : undefined;
    const limit = Math.min(Number(req.query.limit ?? 20) || 20, 100);
    const items = orders.filter(
      (o) => o.tenantId === tenantId && (!status || o.status === status) && (!customer || o.customer.toLowerCase().includes(customer)),
    );
    res.json({ items: items.slice(0, limit), total: items.length });
  });

  api.get('/orders/:id', (req, res) => {
    const { tenantId } = who(res);
    const found = orders.find((o) => o.id === req.params.id && o.tenantId === tenantId);
    if (!found) return error(res, 404, 'not_found', 'No such order');
    return res.json(found);
  });

  // The README's "Adding a tool" example (list_invoices) reads this route.
  api.get('/customers/:id/invoices', (req, res) => {
    const { tenantId } = who(res);
    const status = typeof req.query.status === 'string' ? req.query.status : undefined;
    const limit = Math.min(Number(req.query.limit ?? 20) || 20, 100);
    const items = invoices.filter((i) => i.tenantId === tenantId && i.customerId === req.params.id && (!status || i.status === status));
    res.json(items.slice(0, limit).map(({ id, amount, dueDate }) => ({ id, amount, dueDate })));
  });

  api.post('/orders', (req, res) => {
    const { user, tenantId } = who(res);
    if (user.role !== 'manager') return error(res, 403, 'forbidden', 'Only managers may create orders');
    const { customer, lines: rawLines } = (req.body ?? {}) as { customer?: unknown; lines?: unknown };
    const lines = parseLines(rawLines);
    if (typeof customer !== 'string' || customer.trim() === '' || !lines) {
      return error(res, 400, 'invalid', 'customer (string) and lines [{sku, quantity, unitPrice}] are required');
    }
    const created: Order = {
      id: String(nextId++),
      tenantId,
      customer: customer.trim(),
      status: 'open',
      lines,
      total: orderTotal(lines),
      createdAt: new Date().toISOString(),
      createdBy: user.userId,
    };
    orders.push(created);
    return res.status(201).json(created);
  });

  app.use('/t/:tenantId', api);
  app.use(api);
  app.use((_req: Request, res: Response) => error(res, 404, 'not_found', 'No such route'));
  app.use((err: { status?: number; type?: string }, _req: Request, res: Response, _next: NextFunction) => {
    error(res, err.status ?? 500, err.type ?? 'error', 'Request could not be handled');
  });

  return { app, lastHeaders: () => last };
}
