// What a user hears about each failure of the customer's API, generated from the code: docs/tools.md's table
// must match these sentences exactly, so the documentation cannot drift from what users see.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { loadConfig } from '../../src/config';
import { listen, type Listening } from '../../src/http/listen';
import { defineTool, withApiName } from '../../src/tools';
import { nameApi } from '../../src/tools/api-name';
import { failureResult } from '../../src/tools/results';
import { UpstreamHttpError, UpstreamKeyRefusedError, UpstreamNetworkError, UpstreamNoCredentialsError, UpstreamResponseError, UpstreamRetryLaterError, UpstreamTimeoutError } from '../../src/upstream/errors';
import { callTool, postDirect } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';

const at = { method: 'GET', path: '/api/v1/orders' };
const ROWS: Array<[string, () => Error]> = [
  ['401 to a call that carried credentials', () => new UpstreamHttpError(401, at)],
  ['401 to a call that carried none (no Authorization, cookie or custom auth header)', () => new UpstreamNoCredentialsError(at)],
  ['401 on `/mcp` to a call that carried an API key its security scheme names (a tool\'s `credentials`)', () => new UpstreamKeyRefusedError(at)],
  ['403 (no reason in its body)', () => new UpstreamHttpError(403, at)],
  ['403 whose body gives a reason, e.g. `{"message": "Missing scope: orders:write"}`', () => new UpstreamHttpError(403, at, { text: 'Missing scope: orders:write' })],
  ['429 with `Retry-After: 30` (seconds or an HTTP-date)', () => new UpstreamRetryLaterError(429, at, 30)],
  ['429 without `Retry-After`', () => new UpstreamRetryLaterError(429, at, undefined)],
  ['503 with `Retry-After: 120`', () => new UpstreamRetryLaterError(503, at, 120)],
  ['5xx, e.g. 502 (its body is never read)', () => new UpstreamHttpError(502, at)],
  ['301 or 308 (never followed: the credentials go to no other address)', () => new UpstreamHttpError(301, at)],
  ['302 or 307', () => new UpstreamHttpError(302, at)],
  ['303 See Other', () => new UpstreamHttpError(303, at)],
  ['another 4xx, e.g. 422 (no reason in its body)', () => new UpstreamHttpError(422, at)],
  [
    'another 4xx whose body gives a reason, e.g. Stripe\'s `{"error": {"message": "No such customer: \'cus_x\'", "param": "customer"}}`',
    () => new UpstreamHttpError(400, at, { text: "No such customer: 'cus_x'", field: 'customer' }),
  ],
  ['no answer in time', () => new UpstreamTimeoutError(at)],
  ['unreachable', () => new UpstreamNetworkError(at)],
  ['a 2xx body over `UPSTREAM_MAX_RESPONSE_BYTES`', () => new UpstreamResponseError('too-large', at)],
  ['a 2xx body that is not JSON', () => new UpstreamResponseError('not-json', at)],
];

const sentence = (error: Error) => {
  const content = failureResult(error).result.content[0];
  return content?.type === 'text' ? content.text : '';
};

function expectedTable(): string {
  const lines = ['| your API answers | the assistant reads (`isError: true`) |', '|---|---|'];
  for (const [when, make] of ROWS) lines.push(`| ${when} | ${sentence(make())} |`);
  return lines.join('\n');
}

describe('error sentences', () => {
  it("docs/tools.md's table shows exactly the sentences users get", () => {
    const page = readFileSync(join(__dirname, '../../docs/tools.md'), 'utf8');
    const table = /<!-- error-sentences:start -->\n([\s\S]*?)\n<!-- error-sentences:end -->/.exec(page)?.[1];
    // On a failure, paste the expected table (below) into docs/tools.md between the markers.
    expect(table).toBe(expectedTable());
  });

  it('name the API with the default, never after a path segment', () => {
    expect(sentence(new UpstreamHttpError(502, at))).toBe("The company's system returned an error (HTTP 502). Please try again in a moment.");
  });

  it('use the name attached to the error, and the first name attached wins', () => {
    const error = new UpstreamTimeoutError(at);
    nameApi(error, 'the billing system');
    nameApi(error, 'the orders system');
    expect(sentence(error)).toBe('The billing system did not answer in time (timeout error). Please try again in a moment.');
  });

  it('CUSTOMER_API_NAME is one line of text, trimmed, with a default', () => {
    expect(loadConfig({}).customerApiName).toBe("the company's system");
    expect(loadConfig({ CUSTOMER_API_NAME: ' the billing system ' }).customerApiName).toBe('the billing system');
    expect(() => loadConfig({ CUSTOMER_API_NAME: 'a\nb' })).toThrow(/CUSTOMER_API_NAME/);
  });
});

describe('the API name through a running server', () => {
  let failing: Listening;
  let stack: Stack;
  const probe = (name: string, apiName?: string) =>
    defineTool({ name, description: 'Calls a failing API.', input: {}, ...(apiName ? { apiName } : {}), handler: async (_input, ctx) => JSON.stringify(await ctx.api.get('/x')) });

  beforeAll(async () => {
    failing = await listen(createServer((_req, res) => res.writeHead(503).end()));
    const tools = withApiName([probe('server_named'), probe('tool_named', 'the billing system')], 'the orders system');
    stack = await startStack({ tools, customerApiUrl: () => failing.url });
  });
  afterAll(async () => {
    await stack.close();
    await failing.close();
  });

  const text = async (name: string) =>
    (await postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool(name) })).json?.result?.content?.[0]?.text;

  it('the server-wide name (CUSTOMER_API_NAME) names the API', async () => {
    expect(await text('server_named')).toBe('The orders system returned an error (HTTP 503). Please try again in a moment.');
  });

  it("a tool's own apiName wins over the server-wide name", async () => {
    expect(await text('tool_named')).toBe('The billing system returned an error (HTTP 503). Please try again in a moment.');
  });
});
