// A question to the user (2025-era /mcp) answered through another process: the call
// waits on one worker or replica, the client's answer POST reaches another, and the SessionBus routes it
// there by the id the server issued. WORKERS=2 (the primary relays) and two replicas over Redis.
import { request } from 'node:http';
import { postStreaming } from '../support/mcp-stream';
import { killAll, startRedisServer, startReplica, type RedisServer, type Replica } from '../support/processes';

const ALICE = { authorization: 'Bearer alice' };
const BOB = { authorization: 'Bearer bob' };
const ask = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'asks', arguments: {} } });
const reply = (id: unknown, org: string) => ({ jsonrpc: '2.0', id, result: { action: 'accept', content: { org } } });

/** POSTs on a connection of its own (no keep-alive pool): a cluster hands each new connection to the next worker. */
function postFresh(url: string, body: unknown, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/mcp`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

let redis: RedisServer;
let a: Replica;
let b: Replica;
let workers: Replica;
beforeAll(async () => {
  redis = await startRedisServer();
  const env = { REDIS_URL: redis.url, REDIS_PREFIX: 'elicit-test:' };
  [a, b, workers] = await Promise.all([startReplica(env), startReplica(env), startReplica({ WORKERS: '2', LOG_LEVEL: 'debug' })]);
}, 60_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), workers?.stop()]);
  await redis?.stop();
  killAll();
});

describe('two replicas over Redis', () => {
  it("route the answer posted to B to the call waiting on A; B refuses an id nobody issued and A another caller's answer", async () => {
    const stream = await postStreaming(a.url, ask(1), ALICE);
    const question = await stream.next();
    expect(question.method).toBe('elicitation/create');
    expect(await postFresh(b.url, reply('srv-never-issued', 'Acme'), ALICE)).toBe(404);
    // Bob's answer is routed (B cannot check the owner) but A, which can, drops it: the call still waits.
    expect(await postFresh(b.url, reply(question.id, 'Evil'), BOB)).toBe(202);
    expect(await postFresh(b.url, reply(question.id, 'Acme'), ALICE)).toBe(202);
    const result = (await stream.rest()).at(-1)?.result as { content: Array<{ text: string }> };
    expect(result.content[0]!.text).toMatch(/^org=Acme pid=\d+$/);
    // Answered: the id is gone everywhere, once A's release of it has reached Redis (A lets it go as the
    // call ends, without waiting for Redis: until then B still routes a late answer, which A drops).
    const deadline = Date.now() + 30_000;
    let late = await postFresh(b.url, reply(question.id, 'Acme'), ALICE);
    while (late === 202 && Date.now() < deadline) late = await postFresh(b.url, reply(question.id, 'Acme'), ALICE);
    expect(late).toBe(404);
  });
});

describe('WORKERS=2', () => {
  it('routes answers that reach the other worker, through the primary', async () => {
    for (let id = 10; id < 16; id++) {
      const stream = await postStreaming(workers.url, ask(id), ALICE);
      const question = await stream.next();
      expect(await postFresh(workers.url, reply(question.id, `Org${id}`), ALICE)).toBe(202);
      const result = (await stream.rest()).at(-1)?.result as { content: Array<{ text: string }> };
      expect(result.content[0]!.text).toMatch(new RegExp(`^org=Org${id} pid=\\d+$`));
    }
    // The log is written in batches: stopping the cluster flushes every worker's lines.
    await workers.stop();
    const output = workers.output();
    expect(output).toContain('client answer routed to the process whose call waits for it');
  });
});
