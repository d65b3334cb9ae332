// The API's own reason for a 4xx reaches the model (bounded, stripped, quoted as the API's words)
// and the debug log, never the info line; a 5xx body never does; UPSTREAM_ERROR_REASON=off turns it off;
// UPSTREAM_ERROR_WHEN makes a 2xx `{"ok": false}` a refused request; an argument sent as a header with a
// line break is refused naming the argument. Through a real tool server and a stand-in API on loopback.
import { createServer } from 'node:http';
import { z } from 'zod';
import { listen, type Listening } from '../../src/http/listen';
import { defineTool, UpstreamHttpError } from '../../src/tools';
import { openApiParameters } from '../../src/tools/openapi-params';
import { MESSAGES } from '../../src/tools/results';
import { callTool, postDirect } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';

const LEVEL = { debug: 20, info: 30, warn: 40 } as const;

/** What the stand-in API answers for /customers/<name>: status, content type and body. */
const ANSWERS: Record<string, [number, string, string]> = {
  stripe: [400, 'application/json', JSON.stringify({ error: { type: 'invalid_request_error', message: "No such customer: 'cus_x'", param: 'customer' } })],
  problem: [
    422,
    'application/problem+json',
    JSON.stringify({ type: 'https://example.com/probs/invalid', title: 'Invalid input', status: 422, detail: 'The email is not a valid address.', 'invalid-params': [{ name: 'email', reason: 'must be an address' }] }),
  ],
  listed: [422, 'application/json', JSON.stringify({ errors: [{ message: 'Name is required' }, { message: 'Total must be positive' }] })],
  github: [422, 'application/json; charset=utf-8', JSON.stringify({ message: 'Validation Failed', errors: [{ resource: 'Issue', field: 'title', code: 'missing_field' }] })],
  plain: [409, 'application/json', JSON.stringify({ error: 'already_exists' })],
  marked: [400, 'application/json', JSON.stringify({ message: '<p>Bad <b>"value"</b></p>\u0007\u001b[31m for\u202e <script>x</script>amount\r\n' })],
  long: [400, 'application/json', JSON.stringify({ message: `Too long: ${'word '.repeat(2000)}` })],
  html: [400, 'text/html', '<html><body><h1>Bad Request</h1></body></html>'],
  shapeless: [400, 'application/json', JSON.stringify({ code: 17 })],
  internal: [500, 'application/json', JSON.stringify({ error: { message: 'db password=hunter2 at /srv/app.js:42' } })],
  forbidden: [403, 'application/json', JSON.stringify({ message: 'Resource not accessible by integration' })],
  denied: [403, 'application/json', JSON.stringify({ error: 'forbidden' })],
  expired: [401, 'application/json', JSON.stringify({ error: 'token revoked by admin' })],
  slack: [200, 'application/json', JSON.stringify({ ok: false, error: 'channel_not_found' })],
  fine: [200, 'application/json', JSON.stringify({ ok: true, channel: 'C1' })],
};

async function standInApi(): Promise<Listening> {
  const server = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '').split('/')[2] ?? '');
    const [status, type, body] = ANSWERS[name] ?? [404, 'application/json', '{"message":"Not Found"}'];
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) }).end(body);
  });
  return listen(server);
}

const wire = openApiParameters('/customers/{name}', [
  { name: 'name', key: 'name', in: 'path' },
  { name: 'X-Trace-Label', key: 'traceLabel', in: 'header' },
]);

const tools = [
  defineTool({
    name: 'get_customer',
    description: 'Gets a customer from the stand-in API.',
    input: { name: z.string().describe('Which answer the API gives.'), traceLabel: z.string().optional().describe('Sent as X-Trace-Label.') },
    handler: async (input, ctx) => JSON.stringify(await ctx.api.get('/customers/:name', wire(input))),
  }),
];

const text = (answer: { json?: { result?: { content?: Array<{ text?: string }> } } }) => answer.json?.result?.content?.[0]?.text;

describe("the API's reason for a refused request", () => {
  let api: Listening;
  let stack: Stack;
  let count = 0;
  /** One call: what the model reads, and this call's log lines. */
  const call = async (stackUsed: Stack, name: string, extra: Record<string, unknown> = {}) => {
    const requestId = `req-${name}-${(count += 1)}`;
    const answer = await postDirect(stackUsed.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('get_customer', { name, ...extra }) }, { 'x-request-id': requestId, authorization: 'Bearer user-token-1' });
    const lines = stackUsed.logs().filter((line) => line.requestId === requestId);
    return { answer, said: text(answer), isError: answer.json?.result?.isError, lines, info: lines.find((line) => line.level !== LEVEL.debug)!, debug: lines.find((line) => line.msg === 'upstream request') };
  };

  beforeAll(async () => {
    api = await standInApi();
    stack = await startStack({ env: { LOG_LEVEL: 'debug', UPSTREAM_ERROR_WHEN: 'ok:false' }, tools, customerApiUrl: () => api.url });
  });
  afterAll(async () => {
    await stack.close();
    await api.close();
  });

  it('a 400 {error:{message,param}} reads as the API refusing it, in its words, naming the field', async () => {
    const { said, isError } = await call(stack, 'stripe');
    expect(isError).toBe(true);
    expect(said).toBe(`The company's system refused the request (HTTP 400): "No such customer: 'cus_x'" (field: customer). Please check the request and try again.`);
  });

  it.each([
    ['problem', 'a 422 problem+json gives its detail and the invalid parameter', `(HTTP 422): "The email is not a valid address." (field: email).`],
    ['listed', 'an {errors:[{message}]} list gives its messages joined', `(HTTP 422): "Name is required; Total must be positive".`],
    ['github', "GitHub's {message, errors:[{field}]} gives the message and the field", `(HTTP 422): "Validation Failed" (field: title).`],
    ['plain', 'an {error:"…"} gives the string', `(HTTP 409): "already_exists".`],
  ])('%s: %s', async (name, _what, expected) => {
    expect((await call(stack, name)).said).toContain(`The company's system refused the request ${expected} Please check the request and try again.`);
  });

  it('markup, control and format characters are stripped, and a double quote cannot end the quotation', async () => {
    expect((await call(stack, 'marked')).said).toBe(`The company's system refused the request (HTTP 400): "Bad 'value' for x amount". Please check the request and try again.`);
  });

  it('a long reason is cut at 300 characters', async () => {
    const said = (await call(stack, 'long')).said!;
    const quoted = /"([^"]*)"/.exec(said)![1]!;
    expect(quoted.length).toBe(300);
    expect(quoted.startsWith('Too long: word word')).toBe(true);
    expect(quoted.endsWith('…')).toBe(true);
  });

  it.each(['html', 'shapeless'])('a %s body without a known reason keeps the sentence of before', async (name) => {
    expect((await call(stack, name)).said).toBe("The company's system returned an error (HTTP 400). Please check the request and try again.");
  });

  it('a 500 body never reaches the model nor the log', async () => {
    const { said, lines } = await call(stack, 'internal');
    expect(said).toBe("The company's system returned an error (HTTP 500). Please try again in a moment.");
    expect(JSON.stringify(lines)).not.toContain('hunter2');
  });

  it("401 keeps the contract's sentence alone; 403 keeps its permission wording first, then the API's words", async () => {
    expect((await call(stack, 'expired')).said).toBe(MESSAGES.sessionExpired);
    expect((await call(stack, 'forbidden')).said).toBe(`${MESSAGES.forbidden} The company's system said: "Resource not accessible by integration".`);
  });

  it('a reason that only restates the status ("forbidden", "Not Found") is left out', async () => {
    expect((await call(stack, 'denied')).said).toBe(MESSAGES.forbidden);
    expect((await call(stack, 'no-such-answer')).said).toBe("The company's system returned an error (HTTP 404). Please check the request and try again.");
  });

  it('the info line names the method and path template, never the reason; the debug line has the reason', async () => {
    const { info, debug, lines } = await call(stack, 'stripe');
    expect(info).toMatchObject({ level: LEVEL.info, msg: 'tool call', outcome: 'upstream_4xx', upstreamStatus: 400, upstreamMethod: 'GET', upstreamPath: '/customers/:name' });
    expect(JSON.stringify(info)).not.toContain('cus_x');
    expect(JSON.stringify(info)).not.toContain('/customers/stripe');
    expect(debug).toMatchObject({ level: LEVEL.debug, method: 'GET', path: '/customers/:name', status: 400, reason: "No such customer: 'cus_x'", field: 'customer' });
    expect(lines.filter((line) => JSON.stringify(line).includes('cus_x'))).toEqual([debug]);
  });

  it('UPSTREAM_ERROR_WHEN=ok:false: a 200 {"ok": false} is a refused request with the API\'s reason; {"ok": true} is an answer', async () => {
    const refused = await call(stack, 'slack');
    expect(refused.isError).toBe(true);
    expect(refused.said).toBe(`The company's system refused the request: "channel_not_found". Please check the request and try again.`);
    expect(refused.info).toMatchObject({ level: LEVEL.info, outcome: 'upstream_4xx', code: 'UPSTREAM_REFUSED_IN_BODY', upstreamStatus: 200, upstreamPath: '/customers/:name' });
    const fine = await call(stack, 'fine');
    expect(fine.isError).toBeUndefined();
    expect(JSON.parse(fine.said!)).toEqual({ ok: true, channel: 'C1' });
  });

  it('an argument sent as a header with a line break is refused naming the argument, before anything is sent', async () => {
    const { said, info } = await call(stack, 'fine', { traceLabel: 'a\r\nX-Injected: 1' });
    expect(said).toBe('The value given for traceLabel cannot be sent: it contains a line break or another character a header cannot carry. Please give it on one line, as plain text.');
    expect(info).toMatchObject({ outcome: 'invalid_arguments', code: 'UPSTREAM_REQUEST_INVALID' });
  });

  it('UPSTREAM_ERROR_REASON=off: the sentence of before, and no reason in the debug line', async () => {
    const quiet = await startStack({ env: { LOG_LEVEL: 'debug', UPSTREAM_ERROR_REASON: 'off' }, tools, customerApiUrl: () => api.url });
    try {
      const { said, lines } = await call(quiet, 'stripe');
      expect(said).toBe("The company's system returned an error (HTTP 400). Please check the request and try again.");
      expect(JSON.stringify(lines)).not.toContain('cus_x');
      // Without the rule, a 200 {"ok": false} is an answer like any other.
      expect((await call(quiet, 'slack')).isError).toBeUndefined();
    } finally {
      await quiet.close();
    }
  });
});

describe("a hand-written tool reads the API's error", () => {
  it('UpstreamHttpError carries the parsed body and the reason', async () => {
    const api = await standInApi();
    const seen: unknown[] = [];
    const reader = defineTool({
      name: 'reader',
      description: 'Reads the error body.',
      input: {},
      handler: async (_input, ctx) => {
        try {
          return JSON.stringify(await ctx.api.get('/customers/:name', { params: { name: 'stripe' } }));
        } catch (error) {
          if (error instanceof UpstreamHttpError) seen.push({ status: error.status, reason: error.reason, body: error.body });
          return 'handled';
        }
      },
    });
    const stack = await startStack({ tools: [reader], customerApiUrl: () => api.url });
    try {
      const answer = await postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('reader', {}) });
      expect(text(answer)).toBe('handled');
      expect(seen).toEqual([
        {
          status: 400,
          reason: { text: "No such customer: 'cus_x'", field: 'customer' },
          body: { error: { type: 'invalid_request_error', message: "No such customer: 'cus_x'", param: 'customer' } },
        },
      ]);
    } finally {
      await stack.close();
      await api.close();
    }
  });
});
