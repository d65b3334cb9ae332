// Load generator for the benchmark: a closed-loop driver that counts calls, errors and latencies, and the
// two clients it drives: MCP sessions on a server, and direct calls to the API (the floor).
import { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { openSessions, type CallResult, type ErrorKind, type SseSession } from './sse-session';

export type { CallResult, ErrorKind } from './sse-session';
export type ErrorCounts = Record<ErrorKind, number>;
export const noErrors = (): ErrorCounts => ({ http: 0, jsonrpc: 0, isError: 0, timeout: 0, network: 0 });
export const totalErrors = (counts: ErrorCounts): number => Object.values(counts).reduce((a, b) => a + b, 0);

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
