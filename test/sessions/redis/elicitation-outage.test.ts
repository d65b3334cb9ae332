// Redis failing while a question to the user is out (2025-era /mcp, two replicas): the call waits on A,
// the client's answer reaches B, which cannot route it without Redis. B refuses it with 503 (JSON body,
// Retry-After), the call ends at its deadline with the tool's own outcome, both replicas keep serving
// calls that ask nothing, and once Redis is back a new question's answer is routed again. Also a
// 2026-07-28 requestState presented while Redis is down: refused with 503 (its use cannot be checked),
// not used up, and resumed once Redis is back.
import { MODERN } from '../../support/mcp-post';
import { postStreaming, type Message } from '../../support/mcp-stream';
import type { RedisServer, Replica } from '../../support/processes';
import { startReplicaPair, type ReplicaPair } from '../../support/replica-pair';
import { healthBecomes } from './fault-helpers';

const ALICE = { authorization: 'Bearer alice' };
/** How long a question waits here (FIXTURE_CLIENT_REQUEST_TIMEOUT_MS): long enough to answer it, short enough to wait for. */
const DEADLINE_MS = 8_000;

const ask = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'asks', arguments: {} } });
const reply = (id: unknown, org: string) => ({ jsonrpc: '2.0', id, result: { action: 'accept', content: { org } } });
const where = { jsonrpc: '2.0', id: 'w', method: 'tools/call', params: { name: 'where', arguments: {} } };
const modernHeaders = { ...ALICE, accept: 'application/json', 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'asks' };
const meta = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
  'io.modelcontextprotocol/clientInfo': { name: 'outage-test', version: '1' },
};
const askModern = (extra: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'asks', arguments: {}, _meta: meta, ...extra } });

interface Answered {
  status: number;
  retryAfter: string | null;
  contentType: string | null;
  body: { jsonrpc?: string; id?: unknown; result?: Record<string, unknown>; error?: { code: number; message: string } } | undefined;
}

async function post(url: string, body: unknown, headers: Record<string, string> = ALICE): Promise<Answered> {
  const response = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), contentType: response.headers.get('content-type'), body: text === '' ? undefined : JSON.parse(text) };
}

const textOf = (message: Message | Answered['body'] | undefined) => (message?.result as { content?: Array<{ text: string }> } | undefined)?.content?.[0]?.text;

/** A call that asks nothing is answered by the replica itself, Redis or not. */
async function servesLocally(replica: Replica): Promise<void> {
  const answered = await post(replica.url, where);
  expect(answered.status).toBe(200);
  expect(JSON.parse(textOf(answered.body) ?? 'null')).toEqual({ pid: replica.child.pid });
}

let redis: RedisServer;
let a: Replica;
let b: Replica;
let pair: ReplicaPair;
beforeAll(async () => {
  // /health checks the customer API too: the pair's answers, so only Redis decides.
  pair = await startReplicaPair({
    REDIS_PREFIX: 'elicit-outage:',
    MCP_STATE_SECRET: 'elicitation-outage-test-secret-0123456789',
    FIXTURE_CLIENT_REQUEST_TIMEOUT_MS: String(DEADLINE_MS),
  });
  ({ redis, a, b } = pair);
}, 60_000);
afterAll(() => pair?.stop());

describe('two replicas while Redis fails during a question to the user', () => {
  it('refuse the routed answer with 503, end the waiting call at its deadline, keep serving, and route again once Redis is back', async () => {
    // 2026-07-28: a state issued while Redis is up, presented while it is down.
    const issued = await post(a.url, askModern(), modernHeaders);
    const state = issued.body?.result?.requestState as string;
    expect(issued.body?.result).toMatchObject({ resultType: 'input_required' });

    const stream = await postStreaming(a.url, ask(1), ALICE);
    const question = await stream.next();
    expect(question.method).toBe('elicitation/create');

    await redis.stop();
    await healthBecomes(b, 503, /redis: unreachable/);

    // (a) B cannot know where the question waits: refused, with a JSON-RPC error the client can retry on.
    const refused = await post(b.url, reply(question.id, 'Acme'));
    expect(refused).toMatchObject({ status: 503, retryAfter: '1', body: { jsonrpc: '2.0', id: question.id, error: { code: -32002 } } });
    expect(refused.contentType).toMatch(/^application\/json/);
    // A requestState whose use cannot be checked is refused the same way, not accepted.
    const unchecked = await post(b.url, askModern({ requestState: state, inputResponses: { q1: { action: 'accept', content: { org: 'Acme' } } } }), modernHeaders);
    expect(unchecked).toMatchObject({ status: 503, retryAfter: '1', body: { jsonrpc: '2.0', id: 1, error: { code: -32002, message: 'Cannot check params.requestState right now; retry shortly' } } });
    // Both replicas serve what needs no Redis, and neither has crashed.
    await servesLocally(a);
    await servesLocally(b);
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();

    // A question asked while Redis is down still goes out (its answer can reach A itself).
    const during = await postStreaming(a.url, ask(3), ALICE);
    const asked = await during.next();
    expect(asked.method).toBe('elicitation/create');

    // (b) Redis back (empty): each replica registers again what it waits for.
    await redis.restart();
    await healthBecomes(a, 200);
    await healthBecomes(b, 200);
    // The question asked during the outage: its answer, posted to B, is routed to A now.
    expect((await post(b.url, reply(asked.id, 'Umbrella'))).status).toBe(202);
    expect(textOf((await during.rest()).at(-1))).toBe(`org=Umbrella pid=${a.child.pid}`);
    // The first question was never answered: its call ends at its deadline with what the tool does when
    // nobody answers, and nothing hangs.
    expect(textOf((await stream.rest()).at(-1))).toBe('action=unsupported');
    // A new round trip routes as before.
    const next = await postStreaming(a.url, ask(2), ALICE);
    const again = await next.next();
    expect(again.method).toBe('elicitation/create');
    expect((await post(b.url, reply(again.id, 'Globex'))).status).toBe(202);
    expect(textOf((await next.rest()).at(-1))).toBe(`org=Globex pid=${a.child.pid}`);
    // The state refused while Redis was down was not used up: B resumes it now.
    const resumed = await post(b.url, askModern({ requestState: state, inputResponses: { q1: { action: 'accept', content: { org: 'Initech' } } } }), modernHeaders);
    expect(textOf(resumed.body)).toBe(`org=Initech pid=${b.child.pid}`);

    // Stopping flushes the logs: no answer and no credential in either.
    expect(await Promise.all([a.stop(), b.stop()])).toEqual([0, 0]);
    for (const output of [a.output(), b.output()]) {
      for (const secret of ['Acme', 'Globex', 'Umbrella', 'Initech', 'Bearer alice']) expect(output).not.toContain(secret);
    }
  }, 40_000);
});
