// MCP client over HTTP+SSE for the benchmark: GET /sse, wait for `endpoint`, POST JSON-RPC through an
// undici pool, match answers by id on the stream, and classify every failure.
import { request as httpRequest, type Agent, type ClientRequest, type IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Pool } from 'undici';
import { SseFrames } from './sse-frames';

/** Why a call did not count as a success. */
export type ErrorKind = 'http' | 'jsonrpc' | 'isError' | 'timeout' | 'network';

export interface CallResult {
  readonly error?: ErrorKind;
  /** From sending the request to reading its answer (the stream event for MCP calls). */
  readonly latencyMs: number;
}

export interface JsonRpcAnswer {
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
  private readonly frames = new SseFrames();
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
    const error = answerError(arrival.answer);
    return error ? { error, latencyMs } : { latencyMs };
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
    for (const event of this.frames.push(chunk)) {
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
}

/** Why a JSON-RPC answer does not count as a successful call, or undefined when it does. */
export function answerError(answer: JsonRpcAnswer): ErrorKind | undefined {
  if (answer.error || !answer.result) return 'jsonrpc';
  return answer.result.isError === true ? 'isError' : undefined;
}

export function parseJson(text: string): JsonRpcAnswer | undefined {
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

