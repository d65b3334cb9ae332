// Load generator for the benchmark: a small MCP-over-SSE client (node:http streams, undici POSTs) and a
// closed-loop driver that counts calls, errors and latencies. Also drives the direct API calls (the floor).
import { Agent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

/** Why a call did not count as a success. */
export type ErrorKind = 'http' | 'jsonrpc' | 'isError' | 'timeout' | 'network';
export type ErrorCounts = Record<ErrorKind, number>;

export interface CallResult {
  readonly error?: ErrorKind;
  /** From sending the request to reading its answer (the stream event for MCP calls). */
  readonly latencyMs: number;
}

export const noErrors = (): ErrorCounts => ({ http: 0, jsonrpc: 0, isError: 0, timeout: 0, network: 0 });
export const totalErrors = (counts: ErrorCounts): number => Object.values(counts).reduce((a, b) => a + b, 0);

interface JsonRpcAnswer {
  id?: unknown;
  result?: { isError?: boolean };
  error?: { code: number; message: string };
}

/** What a caller waiting on the stream gets: the answer and when it was read, or why there is none. */
type Arrival = { answer: JsonRpcAnswer; at: number } | { failure: 'timeout' | 'network' };

/** One MCP session over HTTP+SSE: GET /sse, wait for `endpoint`, POST JSON-RPC, read answers from the stream. */
export class SseSession {
  /** The path the server named in its `endpoint` event, e.g. /messages?sessionId=... */
  messagesPath = '';
  private readonly waiting = new Map<number, (arrival: Arrival) => void>();
  private nextId = 1;
  private buffer = '';
  private onEndpoint: (() => void) | undefined;

  private constructor(private readonly req: ClientRequest) {}

  /** Opens the stream and resolves once the server has named the messages path. */
  static open(baseUrl: string, agent: Agent, timeoutMs = 10_000): Promise<SseSession> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${baseUrl}/sse`, { agent, headers: { accept: 'text/event-stream' } });
      const session = new SseSession(req);
      const timer = setTimeout(() => fail(new Error(`no endpoint event within ${timeoutMs} ms`)), timeoutMs);
      const fail = (error: Error): void => {
        clearTimeout(timer);
        req.destroy();
        reject(error);
      };
      session.onEndpoint = () => {
        clearTimeout(timer);
        resolve(session);
      };
      req.on('error', fail);
      req.on('response', (res: IncomingMessage) => {
        if (res.statusCode !== 200) return fail(new Error(`GET /sse answered ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => session.receive(chunk));
        res.on('close', () => session.failAll());
      });
      req.end();
    });
  }

  /** Sends a JSON-RPC request and resolves when its answer (matched by id) is read from the stream. */
  async call(pool: Pool, method: string, params: unknown, headers: Record<string, string>, timeoutMs: number): Promise<CallResult> {
    const id = this.nextId++;
    const started = performance.now();
    // Listen before posting: the answer may arrive on the stream before the POST's 202 does.
    const arrived = new Promise<Arrival>((resolve) => {
      const timer = setTimeout(() => this.settle(id, { failure: 'timeout' }), timeoutMs);
      this.waiting.set(id, (arrival) => {
        clearTimeout(timer);
        resolve(arrival);
      });
    });
    const postError = await this.post(pool, { jsonrpc: '2.0', id, method, params }, headers);
    if (postError) {
      this.settle(id, { failure: 'network' });
      return { error: postError, latencyMs: performance.now() - started };
    }
    const arrival = await arrived;
    if ('failure' in arrival) return { error: arrival.failure, latencyMs: performance.now() - started };
    const latencyMs = arrival.at - started;
    const { answer } = arrival;
    if (answer.error || !answer.result) return { error: 'jsonrpc', latencyMs };
    if (answer.result.isError === true) return { error: 'isError', latencyMs };
    return { latencyMs };
  }

  /** Sends a JSON-RPC notification (no answer expected); resolves to an error kind if the POST failed. */
  notify(pool: Pool, method: string, headers: Record<string, string>): Promise<ErrorKind | undefined> {
    return this.post(pool, { jsonrpc: '2.0', method }, headers);
  }

  /** The handshake a real client does before calling tools. */
  async initialize(pool: Pool, headers: Record<string, string>, timeoutMs: number): Promise<ErrorKind | undefined> {
    const params = { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'bench', version: '1.0.0' } };
    const init = await this.call(pool, 'initialize', params, headers, timeoutMs);
    return init.error ?? (await this.notify(pool, 'notifications/initialized', headers));
  }

  close(): void {
    this.req.destroy();
    this.failAll();
  }

  private async post(pool: Pool, message: unknown, headers: Record<string, string>): Promise<ErrorKind | undefined> {
    try {
      const res = await pool.request({
        method: 'POST',
        path: this.messagesPath,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(message),
      });
      await res.body.dump();
      return res.statusCode >= 200 && res.statusCode < 300 ? undefined : 'http';
    } catch {
      return 'network';
    }
  }

  private receive(chunk: string): void {
    const at = performance.now();
    for (const event of this.parse(chunk)) {
      if (event.type === 'endpoint') {
        this.messagesPath = event.data.trim();
        this.onEndpoint?.();
      } else if (event.type === 'message') {
        const answer = parseJson(event.data);
        if (answer && typeof answer.id === 'number') this.settle(answer.id, { answer, at });
      }
    }
  }

  private settle(id: number, arrival: Arrival): void {
    const waiter = this.waiting.get(id);
    if (!waiter) return;
    this.waiting.delete(id);
    waiter(arrival);
  }

  private failAll(): void {
    for (const id of [...this.waiting.keys()]) this.settle(id, { failure: 'network' });
  }

  /** Minimal SSE framing: events end with a blank line; `event:` and `data:` fields; comments ignored. */
  private parse(chunk: string): Array<{ type: string; data: string }> {
    this.buffer += chunk.includes('\r') ? chunk.replace(/\r\n?/g, '\n') : chunk;
    const events: Array<{ type: string; data: string }> = [];
    let end = this.buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let type = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) type = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
      if (data.length > 0) events.push({ type, data: data.join('\n') });
      end = this.buffer.indexOf('\n\n');
    }
    return events;
  }
}

function parseJson(text: string): JsonRpcAnswer | undefined {
  try {
    return JSON.parse(text) as JsonRpcAnswer;
  } catch {
    return undefined;
  }
}

/** Opens `count` idle sessions, `batch` at a time; used for the memory measurement. */
export async function openSessions(baseUrl: string, agent: Agent, count: number, batch = 200): Promise<SseSession[]> {
  const sessions: SseSession[] = [];
  try {
    for (let opened = 0; opened < count; opened += batch) {
      const size = Math.min(batch, count - opened);
      sessions.push(...(await Promise.all(Array.from({ length: size }, () => SseSession.open(baseUrl, agent)))));
    }
  } catch (error) {
    for (const session of sessions) session.close();
    throw error;
  }
  return sessions;
}

export interface LoadStats {
  readonly calls: number;
  readonly errors: ErrorCounts;
  readonly elapsedMs: number;
  readonly callsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Runs `concurrency` workers, each issuing calls back to back until `durationMs` has passed
 * (or `maxCalls` in total, a safety bound), then waits for the calls in flight.
 */
export async function closedLoop(
  concurrency: number,
  durationMs: number,
  callOnce: (worker: number, n: number) => Promise<CallResult>,
  maxCalls = 5_000_000,
): Promise<LoadStats> {
  const latencies: number[] = [];
  const errors = noErrors();
  let issued = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  const worker = async (index: number): Promise<void> => {
    while (performance.now() < deadline && issued < maxCalls) {
      const result = await callOnce(index, issued++);
      if (result.error) errors[result.error] += 1;
      else latencies.push(result.latencyMs);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, index) => worker(index)));
  const elapsedMs = performance.now() - started;
  const sorted = Float64Array.from(latencies).sort();
  return {
    calls: latencies.length,
    errors,
    elapsedMs,
    callsPerSecond: (latencies.length / elapsedMs) * 1000,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
  };
}

export interface McpClientOptions {
  readonly sessions: number;
  readonly connections: number;
  readonly headers: Record<string, string>;
  readonly timeoutMs: number;
}

/** A set of initialised sessions against one MCP server, and the pool their POSTs share. */
export class McpLoadClient {
  private constructor(
    readonly sessions: SseSession[],
    private readonly pool: Pool,
    private readonly agent: Agent,
    private readonly options: McpClientOptions,
  ) {}

  static async connect(baseUrl: string, options: McpClientOptions): Promise<McpLoadClient> {
    const agent = new Agent({ keepAlive: true, maxSockets: options.sessions + 8 });
    const pool = new Pool(baseUrl, { connections: options.connections, keepAliveTimeout: 60_000 });
    const client = new McpLoadClient([], pool, agent, options);
    try {
      client.sessions.push(...(await openSessions(baseUrl, agent, options.sessions, options.sessions)));
      const failures = await Promise.all(
        client.sessions.map((s) => s.initialize(pool, options.headers, options.timeoutMs)),
      );
      const failed = failures.filter((kind) => kind !== undefined);
      if (failed.length > 0) throw new Error(`initialize failed on ${failed.length} session(s): ${failed.join(', ')}`);
    } catch (error) {
      await client.close();
      throw error;
    }
    return client;
  }

  /** tools/call on the session the worker is bound to (workers spread evenly over sessions). */
  callTool(worker: number, name: string, args: Record<string, unknown>): Promise<CallResult> {
    const session = this.sessions[worker % this.sessions.length];
    if (!session) return Promise.resolve({ error: 'network', latencyMs: 0 });
    return session.call(this.pool, 'tools/call', { name, arguments: args }, this.options.headers, this.options.timeoutMs);
  }

  async close(): Promise<void> {
    for (const session of this.sessions) session.close();
    this.agent.destroy();
    await this.pool.destroy();
  }
}

/** The floor: the tool's upstream GET made directly to the API, with the same client library. */
export class DirectApiClient {
  private readonly pool: Pool;

  constructor(apiUrl: string, connections: number, private readonly headers: Record<string, string>) {
    this.pool = new Pool(apiUrl, { connections, keepAliveTimeout: 60_000 });
  }

  async getOrder(orderId: string): Promise<CallResult> {
    const started = performance.now();
    try {
      const res = await this.pool.request({ method: 'GET', path: `/orders/${encodeURIComponent(orderId)}`, headers: this.headers });
      await res.body.text();
      const latencyMs = performance.now() - started;
      return res.statusCode === 200 ? { latencyMs } : { error: 'http', latencyMs };
    } catch {
      return { error: 'network', latencyMs: performance.now() - started };
    }
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
