// A quoted reason never carries a credential: an API that echoes what the call sent (Authorization, its
// JWT, each cookie, X-Api-Key, X-Client-Id, an exchanged token on /mcp in oauth mode) in each error-body
// shape the reason reader knows, as a 400, 403, 404, 429 and a 200 {"ok": false}, gets none of them to
// the model or to any log line (logger at trace). Real servers on loopback, the hub's lane and /mcp.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { listen, type Listening } from '../../src/http/listen';
import { defineTool, ToolError, UpstreamHttpError } from '../../src/tools';
import { openApiParameters } from '../../src/tools/openapi-params';
import { post2025 } from '../support/mcp-post';
import { callTool, SseClient } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';
import { startOAuthStack, postMcp, call as mcpCall, type OAuthStack } from '../auth/oauth-stack';

/** A JWT-shaped bearer token, cookies, and custom auth headers a user's call carries. */
const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJTRUNSRVRQQVlMT0FEIn0.c2lnbmF0dXJlLXNlY3JldA';
const USER = {
  authorization: `Bearer ${JWT}`,
  cookie: 'session=COOKIESECRET42; theme=cobalt-night-7; csrf=Xs9!kq2',
  'x-api-key': 'sk_live_APIKEYSECRET9',
  'x-client-id': 'client-7f3e21',
};
const SECRETS = [JWT, 'SECRETPAYLOAD', 'COOKIESECRET42', 'cobalt-night-7', 'Xs9!kq2', 'APIKEYSECRET9', 'client-7f3e21'];

/** Everything the API was sent, echoed as an API that repeats the caller's credentials would. */
const echo = (h: IncomingHttpHeaders) =>
  `Invalid credentials: ${String(h.authorization)} (cookie ${String(h.cookie)}) api_key=${String(h['x-api-key'])} client ${String(h['x-client-id'])} token ${String(h.authorization).replace(/^Bearer /, '')}`;

/** Each body shape of src/upstream/error-reason.ts, with the echo where the reason is read from. */
const SHAPES: Record<string, (said: string) => [string, unknown]> = {
  stripe: (said) => ['application/json', { error: { message: said, param: 'customer' } }],
  problem: (said) => ['application/problem+json', { title: 'Unauthorized', detail: said }],
  oauth: (said) => ['application/json', { error: 'invalid_token', error_description: said }],
  slack: (said) => ['application/json', { ok: false, error: said }],
  message: (said) => ['application/json', { message: said }],
  listed: (said) => ['application/json', { errors: [{ message: said }, { detail: said }] }],
  github: (said) => ['application/json', { message: 'Validation Failed', errors: [{ field: 'title', message: said }] }],
  string: (said) => ['application/json', said],
  jira: (said) => ['application/json', { errorMessages: [said], errors: { summary: said } }],
  box: (said) => ['application/json', { message: said, context_info: { errors: [{ name: 'parent', message: said }] } }],
  hubspot: (said) => ['application/json', { status: 'error', message: said, errors: [{ message: said, context: { requiredGranularScopes: [said] } }], category: 'MISSING_SCOPES' }],
  xero: (said) => ['application/json', { ErrorNumber: 10, Type: 'ValidationException', Message: 'A validation exception occurred', Elements: [{ ValidationErrors: [{ Message: said }] }] }],
  google: (said) => ['application/json', { error: { code: 400, message: said, details: [{ fieldViolations: [{ field: 'name', description: said }] }] } }],
  plain: (said) => ['text/plain', said],
};
const STATUSES = [400, 403, 404, 429];
/** One caller makes every call: the server's own per-user limit off. */
const UNLIMITED = { USER_CALLS_PER_MINUTE: '0' };

/** /<status>/<shape>: answers that status with the shape, echoing the request's credentials. */
async function echoingApi(): Promise<Listening & { seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    const [, status, shape] = (req.url ?? '').split('?')[0]!.split('/');
    const [type, body] = (SHAPES[shape ?? ''] ?? SHAPES.message!)(echo(req.headers));
    const text = type === 'text/plain' ? String(body) : JSON.stringify(body);
    res.writeHead(Number(status), { 'content-type': type, 'content-length': Buffer.byteLength(text) }).end(text);
  });
  return { ...(await listen(server)), seen };
}

const wire = openApiParameters('/{status}/{shape}', [
  { name: 'status', key: 'status', in: 'path' },
  { name: 'shape', key: 'shape', in: 'path' },
]);
const input = { status: z.string().describe('The status to answer.'), shape: z.string().describe('The body shape.') };

const tools = [
  // Hand-written: the error goes to the framework's mapping as thrown.
  defineTool({ name: 'handwritten', description: 'Calls the echoing API.', input, handler: async (args, ctx) => JSON.stringify(await ctx.api.get('/:status/:shape', { params: args })) }),
  // As `npm run openapi` writes one with a declared 404: the serializer, and the 404 sentence with its cause.
  defineTool({
    name: 'generated',
    description: 'Calls the echoing API as a generated tool.',
    input,
    async handler(args, ctx) {
      try {
        return JSON.stringify(await ctx.api.get<unknown>('/:status/:shape', { ...wire(args) }));
      } catch (error) {
        if (error instanceof UpstreamHttpError && error.status === 404) throw new ToolError(`There is no record ${args.shape}. Check the value and try again.`, { cause: error });
        throw error;
      }
    },
  }),
];

/** Every status with every shape, and the 200 {"ok": false} UPSTREAM_ERROR_WHEN turns into a refusal; by both tools. */
const CASES = ['handwritten', 'generated'].flatMap((tool) => [
  ...STATUSES.flatMap((status) => Object.keys(SHAPES).map((shape) => ({ tool, status: String(status), shape }))),
  { tool, status: '200', shape: 'slack' },
]);

function expectClean(texts: readonly string[], logText: string, extra: readonly string[] = []): void {
  for (const secret of [...SECRETS, ...extra]) {
    expect(texts.filter((text) => text.includes(secret))).toEqual([]);
    expect(logText.includes(secret)).toBe(false);
  }
  // The reason still reaches the model, without what it echoed.
  expect(texts.filter((text) => text.includes('[redacted]')).length).toBeGreaterThan(CASES.length / 2);
}

describe('a reason that echoes the call’s credentials, on the hub’s lane and on /mcp with MCP_AUTH=headers', () => {
  let api: Awaited<ReturnType<typeof echoingApi>>;
  let stack: Stack;
  beforeAll(async () => {
    api = await echoingApi();
    stack = await startStack({ env: { ...UNLIMITED, LOG_LEVEL: 'trace', UPSTREAM_ERROR_WHEN: 'ok:false' }, tools, customerApiUrl: () => api.url });
  });
  afterAll(async () => {
    await stack.close();
    await api.close();
  });

  it('the hub’s lane (GET /sse + POST /messages): no credential in any result or log line', async () => {
    const client = await SseClient.open(stack.url);
    try {
      const texts: string[] = [];
      for (const [i, { tool, status, shape }] of CASES.entries()) {
        const answer = await client.call(i + 1, 'tools/call', callTool(tool, { status, shape }), USER);
        expect(answer.result?.isError).toBe(true);
        texts.push(answer.result?.content?.[0]?.text ?? '');
      }
      // The API was sent every credential, and echoed them.
      expect(api.seen.at(-1)).toMatchObject({ authorization: USER.authorization, cookie: USER.cookie, 'x-api-key': USER['x-api-key'] });
      expect(texts.find((text) => text.includes('(HTTP 400)'))).toMatch(/Invalid credentials: \[redacted\] \(cookie \[redacted\]\) api_key=\[redacted\]/);
      expectClean(texts, stack.logText());
      expect(stack.logs().some((line) => line.msg === 'upstream request' && typeof line.reason === 'string')).toBe(true);
    } finally {
      client.close();
    }
  });

  it('/mcp with MCP_AUTH=headers: no credential in any result or log line', async () => {
    const texts: string[] = [];
    for (const { tool, status, shape } of CASES) {
      const answer = await post2025(stack.url, 'tools/call', callTool(tool, { status, shape }), USER);
      texts.push(String((answer.json.result?.content as Array<{ text: string }> | undefined)?.[0]?.text));
    }
    expectClean(texts, stack.logText());
  });
});

describe.each(['token-exchange', 'client-credentials'])('a reason that echoes the token made for the API, on /mcp with UPSTREAM_AUTH=%s', (mode) => {
  let api: Awaited<ReturnType<typeof echoingApi>>;
  let stack: OAuthStack;
  beforeAll(async () => {
    api = await echoingApi();
    stack = await startOAuthStack({ env: { ...UNLIMITED, UPSTREAM_AUTH: mode, LOG_LEVEL: 'trace', UPSTREAM_ERROR_WHEN: 'ok:false', ...(mode === 'client-credentials' ? { UPSTREAM_USER_HEADER: 'X-Acting-User' } : {}) }, tools, customerApiUrl: api.url });
  });
  afterAll(async () => {
    await stack.close();
    await api.close();
  });

  it('no token the server made, nor the client’s, in any result or log line', async () => {
    const token = await stack.token('mcp-echo-user', ['orders:read']);
    const texts: string[] = [];
    for (const [i, { tool, status, shape }] of CASES.entries()) {
      const response = await postMcp(stack.url, mcpCall(tool, { status, shape }, i + 1), token, { cookie: USER.cookie, 'x-api-key': USER['x-api-key'] });
      const body = (await response.json()) as { result?: { content?: Array<{ text: string }> } };
      texts.push(body.result?.content?.[0]?.text ?? '');
    }
    const made = String(api.seen.at(-1)?.authorization).replace(/^Bearer /, '');
    expect(made.length).toBeGreaterThan(20);
    expectClean(texts, stack.logText(), [made, token]);
  });
});
