// The vendor's own words and the sentences around them, through a real tool server and a stand-in API on
// loopback: a 429 (and a 503 with Retry-After) tells the model to wait for the seconds the API named, and
// the log line says so; a 401 to a call that carried no credentials says the connection sends none,
// while one that carried them keeps the contract's "session expired"; Jira's, Box's and HubSpot's error
// bodies give their reasons; a declared 404 keeps Jira's reason beside the tool's own sentence.
import { createServer } from 'node:http';
import { z } from 'zod';
import { listen, type Listening } from '../../src/http/listen';
import { defineTool, ToolError, UpstreamHttpError } from '../../src/tools';
import { MESSAGES } from '../../src/tools/results';
import { retryAfterSeconds } from '../../src/upstream/http-failure';
import { callTool, postDirect, SseClient } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';

const USER = { authorization: 'Bearer user-token-1' };
const IN_90_SECONDS = () => new Date(Date.now() + 90_000).toUTCString();

/** /<name>: status, headers and JSON body. */
const ANSWERS: Record<string, () => [number, Record<string, string>, unknown]> = {
  limited: () => [429, { 'retry-after': '30' }, { message: 'Rate limit exceeded for this app' }],
  'limited-until': () => [429, { 'retry-after': IN_90_SECONDS() }, { error: 'rate_limited' }],
  'limited-long': () => [429, { 'retry-after': '600' }, {}],
  'limited-unsaid': () => [429, {}, {}],
  maintenance: () => [503, { 'retry-after': '120' }, { error: 'down for maintenance' }],
  unauthorized: () => [401, {}, { message: 'No credentials supplied' }],
  jira: () => [400, {}, { errorMessages: [], errors: { summary: 'You must specify a summary of the issue.' } }],
  'jira-missing': () => [404, {}, { errorMessages: ['Issue does not exist or you do not have permission to see it.'], errors: {} }],
  box: () => [400, {}, { type: 'error', status: 400, code: 'bad_request', message: 'Bad request', context_info: { errors: [{ reason: 'invalid_parameter', name: 'parent', message: "Invalid value 'x'." }] } }],
  hubspot: () => [
    403,
    {},
    {
      status: 'error',
      message: "This app hasn't been granted all required scopes to make this call. Read more about required scopes here: https://developers.hubspot.com/scopes",
      correlationId: 'c0ffee',
      errors: [{ message: 'One or more of the following scopes are required.', context: { requiredGranularScopes: ['files'] } }],
      category: 'MISSING_SCOPES',
    },
  ],
};

async function standInApi(): Promise<Listening> {
  const server = createServer((req, res) => {
    const name = (req.url ?? '').split('?')[0]!.split('/')[2] ?? '';
    const [status, headers, body] = (ANSWERS[name] ?? (() => [404, {}, {}] as const))();
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers }).end(text);
  });
  return listen(server);
}

const tools = [
  defineTool({
    name: 'fetch',
    description: 'Calls the stand-in API.',
    input: { name: z.string().describe('Which answer.') },
    handler: async ({ name }, ctx) => JSON.stringify(await ctx.api.get('/answers/:name', { params: { name } })),
  }),
  // As `npm run openapi` writes a tool for Jira's GET /rest/api/3/issue/{issueIdOrKey}, whose 404 is declared.
  defineTool({
    name: 'get_issue',
    description: 'Gets an issue.',
    input: { issueIdOrKey: z.string().describe('The issue.') },
    async handler(input, ctx) {
      try {
        return JSON.stringify(await ctx.api.get('/answers/jira-missing', { query: { key: input.issueIdOrKey } }));
      } catch (error) {
        if (error instanceof UpstreamHttpError && error.status === 404) {
          throw new ToolError(`There is no issue ${input.issueIdOrKey}. Check the value and try again.`, { cause: error });
        }
        throw error;
      }
    },
  }),
];

describe('the API asks to wait, refuses a call without credentials, or says why in its own shape', () => {
  let api: Listening;
  let stack: Stack;
  let count = 0;
  const call = async (name: string, headers: Record<string, string> = USER, tool = 'fetch', args: Record<string, unknown> = { name }) => {
    const requestId = `req-wait-${(count += 1)}`;
    const answer = await postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool(tool, args) }, { ...headers, 'x-request-id': requestId });
    const lines = stack.logs().filter((line) => line.requestId === requestId);
    return { said: answer.json?.result?.content?.[0]?.text, isError: answer.json?.result?.isError, line: lines.find((line) => String(line.msg).startsWith('tool call')), debug: lines.find((line) => line.msg === 'upstream request') };
  };

  beforeAll(async () => {
    api = await standInApi();
    stack = await startStack({ env: { LOG_LEVEL: 'debug', USER_CALLS_PER_MINUTE: '0' }, tools, customerApiUrl: () => api.url });
  });
  afterAll(async () => {
    await stack.close();
    await api.close();
  });

  it('a 429 with Retry-After in seconds: wait that long, with the API’s words; the lines name the code and the seconds', async () => {
    const { said, isError, line, debug } = await call('limited');
    expect(isError).toBe(true);
    expect(said).toBe(`The company's system is receiving too many requests (HTTP 429): "Rate limit exceeded for this app". Wait 30 seconds, then try again.`);
    expect(line).toMatchObject({ outcome: 'upstream_4xx', code: 'UPSTREAM_RATE_LIMITED', upstreamStatus: 429, retryAfterSeconds: 30, level: 30 });
    expect(debug).toMatchObject({ status: 429, error: 'UPSTREAM_RATE_LIMITED', retryAfterSeconds: 30 });
  });

  it('a 429 with an HTTP-date, a long wait, or none', async () => {
    // The date is whole seconds: 89 to 90 from now, depending on when within a second it was written.
    expect((await call('limited-until')).said).toMatch(/^The company's system is receiving too many requests \(HTTP 429\): "rate_limited"\. Wait (89|90) seconds, then try again\.$/);
    expect((await call('limited-long')).said).toBe("The company's system is receiving too many requests (HTTP 429). Wait about 10 minutes (600 seconds), then try again.");
    const unsaid = await call('limited-unsaid');
    expect(unsaid.said).toBe("The company's system is receiving too many requests (HTTP 429). Wait a minute, then try again.");
    expect(unsaid.line).toMatchObject({ code: 'UPSTREAM_RATE_LIMITED' });
    expect(unsaid.line?.retryAfterSeconds).toBeUndefined();
  });

  it('a 503 with Retry-After: wait, never its body; a warning line naming the seconds', async () => {
    const { said, line } = await call('maintenance');
    expect(said).toBe("The company's system is temporarily unavailable (HTTP 503 error). Wait about 2 minutes (120 seconds), then try again.");
    expect(line).toMatchObject({ outcome: 'upstream_5xx', code: 'UPSTREAM_UNAVAILABLE', retryAfterSeconds: 120, level: 40 });
  });

  it('a 401 to a call with no credentials at all says the connection sends none, on the hub’s lane too', async () => {
    const direct = await call('unauthorized', {});
    expect(direct.said).toBe(
      "The company's system refused the request (HTTP 401) because it carried no credentials: the assistant's connection to this tool server sends none. Ask your administrator to set up that connection to send the user's credentials (an Authorization header, a cookie or an API key), then try again.",
    );
    expect(direct.line).toMatchObject({ outcome: 'upstream_auth', code: 'UPSTREAM_NO_CREDENTIALS', upstreamStatus: 401, level: 40 });
    const client = await SseClient.open(stack.url);
    try {
      const answer = await client.call(1, 'tools/call', callTool('fetch', { name: 'unauthorized' }), { 'x-tenant-id': 'acme' });
      expect(answer.result?.content?.[0]?.text).toBe(direct.said);
    } finally {
      client.close();
    }
  });

  it.each([
    ['an Authorization', USER],
    ['a cookie', { cookie: 'session=abc123' }],
    ['a custom auth header', { 'x-api-key': 'key-123456' }],
  ])("a 401 to a call that carried %s keeps the contract's sentence", async (_what, headers) => {
    const { said, line } = await call('unauthorized', headers);
    expect(said).toBe(MESSAGES.sessionExpired);
    expect(line).toMatchObject({ outcome: 'upstream_auth', upstreamStatus: 401, level: 30 });
    expect(line?.code).toBeUndefined();
  });

  it.each([
    ['jira', `The company's system refused the request (HTTP 400): "You must specify a summary of the issue." (field: summary). Please check the request and try again.`],
    ['box', `The company's system refused the request (HTTP 400): "Bad request: Invalid value 'x'." (field: parent). Please check the request and try again.`],
    [
      'hubspot',
      `${MESSAGES.forbidden} The company's system said: "This app hasn't been granted all required scopes to make this call. Read more about required scopes here: https://developers.hubspot.com/scopes: One or more of the following scopes are required: files".`,
    ],
  ])("%s's error body gives its reason", async (name, expected) => {
    expect((await call(name)).said).toBe(expected);
  });

  it("a declared 404 keeps Jira's reason beside the tool's sentence, which names the issue", async () => {
    const { said, line } = await call('jira-missing', USER, 'get_issue', { issueIdOrKey: 'PROJ-123' });
    expect(said).toBe(`There is no issue PROJ-123. Check the value and try again. The company's system said: "Issue does not exist or you do not have permission to see it.".`);
    expect(line).toMatchObject({ outcome: 'tool_error', upstreamStatus: 404 });
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each<[string | undefined, number | undefined]>([
    ['120', 120],
    ['0', 0],
    ['Thu, 01 Jan 2026 00:01:30 GMT', 90],
    ['Wed, 31 Dec 2025 23:00:00 GMT', 0],
    ['9999999', 86_400],
    ['soon', undefined],
    ['-5', undefined],
    ['1.5', undefined],
    [undefined, undefined],
  ])('%s is %s seconds', (value, seconds) => {
    expect(retryAfterSeconds(value, now)).toBe(seconds);
  });
});
