// What the mcp phase compares must be like with like: the entry as the bench runs it (with its preload,
// which adds get_order_text) and the limit, against one stand-in API, must give every measured call the same
// answer on POST /mcp: get_order the API's text and the order as structuredContent, get_order_text the
// text alone, in both eras. Only the server's own name in a 2026-07-28 result's _meta may differ.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLimitServer } from '../../bench/limit-server';
import { StreamableLoadClient, type McpEra } from '../../bench/mcp-client';
import { orderBody, startStandInApi, type StartedServer } from '../../bench/stand-in-api';
import type { Listening } from '../../src/http/listen';
import { spawnChild } from '../support/children';
import { describeUnless, examplesMissing } from '../support/template-tree';

const ROOT = join(__dirname, '..', '..');
const HEADERS = { authorization: 'Bearer test-token' };

interface Answer {
  result?: { content?: unknown; structuredContent?: unknown; _meta?: unknown; [key: string]: unknown };
}

/** Starts src/index.ts as the bench starts a build of ours: the bench's preload first, production settings. */
async function startOurs(apiUrl: string): Promise<{ url: string; stop(): Promise<void> }> {
  // A folder of its own: the entry reads `.env` where it runs, and a project's (the docs' OAuth steps
  // write one) would change the settings below.
  const cwd = mkdtempSync(join(tmpdir(), 'same-answers-'));
  const child = spawnChild(process.execPath, ['-r', require.resolve('tsx/cjs'), '-r', join(ROOT, 'bench', 'add-order-text.ts'), join(ROOT, 'src', 'index.ts')], {
    cwd,
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', CALLER_NETWORKS: '127.0.0.0/8', LOG_LEVEL: 'info', CUSTOMER_API_URL: apiUrl },
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const listening = /"url":"(http:\/\/127\.0\.0\.1:\d+)"[^\n]*"tool server listening"/.exec(output);
      if (listening) resolve(listening[1]!);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('exit', () => reject(new Error(`the entry exited before listening:\n${output}`)));
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}

/** One tools/call as the bench's client of `era` sends it; the answer's result, its _meta left out. */
async function call(url: string, era: McpEra, tool: string): Promise<Omit<NonNullable<Answer['result']>, '_meta'>> {
  const client = new StreamableLoadClient(url, { era, connections: 1, headers: HEADERS, timeoutMs: 5000 });
  try {
    const { headers, body } = client.request(1, tool, { orderId: 'ord_7' });
    const response = await fetch(`${url}/mcp`, { method: 'POST', headers, body });
    const { result } = (await response.json()) as Answer;
    const { _meta, ...rest } = result ?? {};
    return rest;
  } finally {
    await client.close();
  }
}

// get_order is the example tool: in a fork that removed the examples, the bench's ours has none to compare.
describeUnless(examplesMissing)("the bench's ours and limit", () => {
  let api: StartedServer;
  let limit: Listening;
  let ours: { url: string; stop(): Promise<void> };
  beforeAll(async () => {
    api = await startStandInApi();
    [limit, ours] = await Promise.all([startLimitServer(api.url), startOurs(api.url)]);
  }, 60_000);
  afterAll(async () => {
    await ours?.stop();
    await limit?.close();
    await api?.close();
  });

  const order = orderBody('ord_7');
  const text = [{ type: 'text', text: JSON.stringify(order) }];

  it.each(['2025', '2026'] as const)('answer get_order alike in the %s era: the API text, and the order as structuredContent', async (era) => {
    const [fromOurs, fromLimit] = await Promise.all([call(ours.url, era, 'get_order'), call(limit.url, era, 'get_order')]);
    expect(fromOurs).toMatchObject({ content: text, structuredContent: order });
    expect(fromLimit).toEqual(fromOurs);
  });

  it.each(['2025', '2026'] as const)('answer get_order_text alike in the %s era: the API text, no structuredContent', async (era) => {
    const [fromOurs, fromLimit] = await Promise.all([call(ours.url, era, 'get_order_text'), call(limit.url, era, 'get_order_text')]);
    expect(fromOurs).toMatchObject({ content: text });
    expect(fromOurs).not.toHaveProperty('structuredContent');
    expect(fromLimit).toEqual(fromOurs);
  });
});
