// What one process learns that every worker and replica must know: a 2026-07-28
// requestState used once is refused wherever it is replayed (its nonce is claimed over the SessionBus),
// and a 2025-era caller's logging/setLevel reaches the process that runs its next call. WORKERS=2 (the
// primary holds claims and relays levels) and two replicas over Redis. Requests meant for different
// workers go on connections pinned to each (test/support/pinned.ts).
import { MODERN } from '../support/mcp-post';
import type { Message } from '../support/mcp-stream';
import { pin, pinWorkers, type Pinned } from '../support/pinned';
import { killAll, startRedisServer, startReplica, type RedisServer, type Replica } from '../support/processes';

const ALICE = { authorization: 'Bearer alice' };
const BOB = { authorization: 'Bearer bob' };
const SECRET = 'shared-state-test-secret-0123456789abcdef';

const modernHeaders = { ...ALICE, accept: 'application/json', 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'asks' };
const meta = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
  'io.modelcontextprotocol/clientInfo': { name: 'shared-state-test', version: '1' },
};
const asks = (extra: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'asks', arguments: {}, _meta: meta, ...extra } });
const accept = (org: string) => ({ q1: { action: 'accept', content: { org } } });
const logs = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'logs', arguments: {} } };
const setLevel = (level: string) => ({ jsonrpc: '2.0', id: 3, method: 'logging/setLevel', params: { level } });

const levelsOf = (messages: Message[]) => messages.filter((message) => message.method === 'notifications/message').map((message) => message.params?.level);
const textOf = (message: Message | undefined) => (message?.result as { content?: Array<{ text: string }> } | undefined)?.content?.[0]?.text;

/** A requestState issued on `first`, resumed there, then replayed on `second`: refused as used. */
async function replayRefused(first: Pinned, second: Pinned): Promise<void> {
  const asked = (await first.post(asks(), modernHeaders)).messages[0];
  expect(asked?.result).toMatchObject({ resultType: 'input_required', inputRequests: { q1: { method: 'elicitation/create' } } });
  const state = asked?.result?.requestState as string;
  const resumed = await first.post(asks({ requestState: state, inputResponses: accept('Acme') }), modernHeaders);
  expect(textOf(resumed.messages[0])).toBe(`org=Acme pid=${first.pid}`);
  const replayed = await second.post(asks({ requestState: state, inputResponses: accept('Acme') }), modernHeaders);
  expect(replayed.status).toBe(200);
  expect(replayed.messages[0]?.error).toEqual({ code: -32602, message: 'params.requestState is refused: it has been used already. Call the tool again without it.' });
  // A fresh state issued on `first` is still resumed on `second`: only the used one is refused.
  const again = (await first.post(asks(), modernHeaders)).messages[0];
  const elsewhere = await second.post(asks({ requestState: again?.result?.requestState, inputResponses: accept('Globex') }), modernHeaders);
  expect(textOf(elsewhere.messages[0])).toBe(`org=Globex pid=${second.pid}`);
}

/** The levels `on`'s next calls of `caller` send, once they are `expected` (bounded: the level travels as the setLevel's answer goes out). */
async function levelsBecome(on: Pinned, caller: Record<string, string>, expected: string[]): Promise<void> {
  let seen = levelsOf((await on.post(logs, caller)).messages);
  const deadline = Date.now() + 30_000;
  while (JSON.stringify(seen) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    seen = levelsOf((await on.post(logs, caller)).messages);
  }
  expect(seen).toEqual(expected);
}

/** logging/setLevel posted to `first` reaches `second`: its next call of the caller sends only what passes. */
async function levelReaches(first: Pinned, second: Pinned): Promise<void> {
  expect(levelsOf((await second.post(logs, ALICE)).messages)).toEqual(['info', 'warning', 'error']);
  const set = await first.post(setLevel('warning'), ALICE);
  expect(set.messages[0]?.result).toEqual({});
  await levelsBecome(second, ALICE, ['warning', 'error']);
  const last = await second.post(logs, ALICE);
  expect(levelsOf(last.messages)).toEqual(['warning', 'error']);
  expect(textOf(last.messages.at(-1))).toBe(JSON.stringify({ pid: second.pid }));
  // Another caller keeps the default, and a lower level set on `second` reaches `first` the same way.
  expect(levelsOf((await second.post(logs, BOB)).messages)).toEqual(['info', 'warning', 'error']);
  await second.post(setLevel('debug'), BOB);
  await levelsBecome(first, BOB, ['debug', 'info', 'warning', 'error']);
}

let redis: RedisServer;
let a: Replica;
let b: Replica;
let workers: Replica;
const pinned: Pinned[] = [];
beforeAll(async () => {
  redis = await startRedisServer();
  // One test user makes every call: no per-user rate limit.
  const env = { REDIS_URL: redis.url, REDIS_PREFIX: 'shared-state-test:', MCP_STATE_SECRET: SECRET, USER_CALLS_PER_MINUTE: '0' };
  [a, b, workers] = await Promise.all([startReplica(env), startReplica(env), startReplica({ WORKERS: '2', USER_CALLS_PER_MINUTE: '0' })]);
}, 60_000);
afterAll(async () => {
  for (const connection of pinned) connection.close();
  await Promise.all([a?.stop(), b?.stop(), workers?.stop()]);
  await redis?.stop();
  killAll();
});

describe('WORKERS=2', () => {
  it('a requestState used on one worker is refused on the other', async () => {
    const [x, y] = await pinWorkers(workers.url, 2);
    pinned.push(x!, y!);
    expect(x!.pid).not.toBe(y!.pid);
    await replayRefused(x!, y!);
  });

  it("a caller's logging/setLevel on one worker holds for its calls on the other", async () => {
    const [x, y] = await pinWorkers(workers.url, 2);
    pinned.push(x!, y!);
    await levelReaches(x!, y!);
  });
});

describe('two replicas over Redis', () => {
  it('a requestState used on A is refused on B', async () => {
    const [onA, onB] = await Promise.all([pin(a.url), pin(b.url)]);
    pinned.push(onA, onB);
    expect(onA.pid).toBe(a.child.pid);
    expect(onB.pid).toBe(b.child.pid);
    await replayRefused(onA, onB);
  });

  it("a caller's logging/setLevel on A holds for its calls on B", async () => {
    const [onA, onB] = await Promise.all([pin(a.url), pin(b.url)]);
    pinned.push(onA, onB);
    await levelReaches(onA, onB);
  });
});
