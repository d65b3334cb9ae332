// `npm run conformance` against a tool server with the fixture tools (it passes), against a server that
// breaks a rule (it fails, naming the rule), and without a stand-in API (forwarding rules not checked).
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parseConformanceArgs } from '../../cli/conformance/args';
import { allHold, report, runConformance, type RuleResult } from '../../cli/conformance/run';
import { startStandInApi, type StandInApi } from '../../cli/conformance/stand-in-api';
import { listen, type Listening } from '../../src/http/listen';
import { startToolServer, type TestServer } from '../../src/tools/testing';
import { fixtureTools } from '../fixtures/tools';
import { copyProject, ROOT } from '../support/project-copy';

const statuses = (results: RuleResult[]) => Object.fromEntries(results.map((r) => [r.id, r.status]));

describe('conformance against a tool server of this framework', () => {
  let standIn: StandInApi;
  let server: TestServer;
  beforeAll(async () => {
    standIn = await startStandInApi();
    server = await startToolServer({ tools: fixtureTools, apiUrl: standIn.url });
  });
  afterAll(async () => {
    await server.close();
    await standIn.close();
  });

  it('every rule holds', async () => {
    const results = await runConformance({ baseUrl: server.url, standIn });
    expect(report(results)).toContain('conformance: 11 passed, 0 failed, 0 not checked');
    expect(allHold(results)).toBe(true);
  });

  it('without the stand-in API, the forwarding and mapping rules are reported as not checked, and the run does not pass', async () => {
    const results = await runConformance({ baseUrl: server.url });
    expect(statuses(results)).toMatchObject({
      'sse-endpoint': 'pass',
      'forwarded-as-sent': 'not-checked',
      'refreshed-per-call': 'not-checked',
      'maps-401': 'not-checked',
      health: 'pass',
    });
    expect(allHold(results)).toBe(false);
  });
});

describe('conformance against a server that breaks a rule', () => {
  // Answers the session's POSTs with 200 and the answer in the body, instead of 202 and the stream.
  let broken: Listening;
  beforeAll(async () => {
    broken = await listen(
      createServer((req, res) => {
        if (req.url === '/sse') {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write('event: endpoint\ndata: /messages?sessionId=s1\n\n');
          return;
        }
        if (req.url?.startsWith('/health')) return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"healthy"}');
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          const { id } = JSON.parse(body) as { id: number };
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result: { tools: [{ name: 't', description: 'd', inputSchema: { type: 'object' } }] } }));
        });
      }),
    );
  });
  afterAll(() => broken.close());

  it('fails, naming the rule and what it saw', async () => {
    const results = await runConformance({ baseUrl: broken.url, timeoutMs: 2_000 });
    const session = results.find((r) => r.id === 'session-post');
    expect(session).toMatchObject({ status: 'fail', detail: expect.stringContaining('answered 200 with the body') });
    expect(report(results)).toMatch(/^FAIL +session-post +a POST on the session answers 202 with an empty body/m);
    expect(results.find((r) => r.id === 'health-simulate')?.status).toBe('fail');
    expect(allHold(results)).toBe(false);
  });
});

describe('npm run conformance --start', () => {
  it('starts the server with CUSTOMER_API_URL pointed at its stand-in, prints one line per rule, and exits 0', async () => {
    const copy = copyProject('conformance-');
    try {
      const free = await listen(createServer());
      const port = new URL(free.url).port;
      await free.close();
      const tsx = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
      const start = `"${process.execPath}" --import tsx test/fixtures/serve.ts`;
      const run = await copy.node([tsx, 'cli/conformance/main.ts', `http://127.0.0.1:${port}`, '--start', start], { LOG_LEVEL: 'silent' });
      expect(run.output).toMatch(/started ".*" with CUSTOMER_API_URL=http:\/\/127\.0\.0\.1:\d+/);
      expect(run.output.match(/^PASS /gm)).toHaveLength(11);
      expect(run.output).toContain('conformance: 11 passed, 0 failed, 0 not checked');
      expect(run.code).toBe(0);
    } finally {
      copy.remove();
    }
  }, 60_000);
});

describe('conformance arguments', () => {
  it.each([
    [['http://h:1'], { baseUrl: 'http://h:1', headers: {} }],
    [['http://h:1', '--token', 't', '--header', 'X-Hub-Secret: s', '--tool', 'x', '--args', '{"a":1}'], { baseUrl: 'http://h:1', token: 't', headers: { 'x-hub-secret': 's' }, tool: 'x', args: { a: 1 } }],
    [['http://h:1', '--start', 'npm start', '--api-port', '4600'], { baseUrl: 'http://h:1', start: 'npm start', apiPort: 4600, headers: {} }],
    [[], 'give the base URL of the server, e.g. http://127.0.0.1:3000'],
    [['h:1'], 'the base URL must start with http:// or https:// (got h:1)'],
    [['http://h:1', '--args', '[1]'], '--args must be a JSON object'],
    [['http://h:1', '--header', 'nope'], '--header must read "Name: value" (got nope)'],
  ])('%j → %j', (argv, expected) => {
    expect(parseConformanceArgs(argv)).toEqual(expected);
  });
});
