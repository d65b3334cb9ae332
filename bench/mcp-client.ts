// MCP client over Streamable HTTP for the bench: each tools/call is one POST /mcp whose answer is the
// response body (JSON, or an SSE stream when the server upgrades). Stateless serving needs no initialize.
// `2025` sends what a 2025-era client sends after its handshake; `2026` adds the 2026-07-28 envelope
// (`_meta` in params) and the MCP-Protocol-Version, Mcp-Method and Mcp-Name headers.
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { SseFrames } from './sse-frames';
import { answerError, parseJson, type CallResult, type ErrorKind, type JsonRpcAnswer } from './sse-session';

export type McpEra = '2025' | '2026';
/** Both eras, in the order the phases that measure both report them. */
export const MCP_ERAS: readonly McpEra[] = ['2025', '2026'];

export interface StreamableClientOptions {
  readonly connections: number;
  readonly headers: Record<string, string>;
  readonly timeoutMs: number;
  readonly era: McpEra;
  /** Defaults to /mcp. */
  readonly path?: string;
  /** A 2026-07-28 client's declared capabilities (e.g. the Tasks extension); none by default. */
  readonly capabilities?: Record<string, unknown>;
}

const MODERN_VERSION = '2026-07-28';
/** What a 2025-era client names in MCP-Protocol-Version once initialized (the newest handshake revision). */
const HANDSHAKE_VERSION = '2025-11-25';
const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** The JSON-RPC answer with `id` in a response body: the JSON itself, or the SSE event carrying it. */
export function answerIn(body: string, contentType: string | undefined, id: number): JsonRpcAnswer | undefined {
  if (!contentType?.startsWith('text/event-stream')) return parseJson(body);
  for (const event of new SseFrames().push(body.endsWith('\n\n') ? body : `${body}\n\n`)) {
    const answer = event.type === 'message' ? parseJson(event.data) : undefined;
    if (answer?.id === id) return answer;
  }
  return undefined;
}

export class StreamableLoadClient {
  private readonly pool: Pool;
  private readonly path: string;
  private nextId = 1;

  constructor(baseUrl: string, private readonly options: StreamableClientOptions) {
    this.pool = new Pool(baseUrl, { connections: options.connections, keepAliveTimeout: 60_000 });
    this.path = options.path ?? '/mcp';
  }

  /** The request a client of this era sends for one tools/call. */
  request(id: number, name: string, args: Record<string, unknown>): { headers: Record<string, string>; body: string } {
    return this.requestFor(id, 'tools/call', { name, arguments: args }, name);
  }

  /** The request for any method; `named` is what the Mcp-Name header repeats (a tool's name, a task's id). */
  requestFor(id: number, method: string, params: Record<string, unknown>, named?: string): { headers: Record<string, string>; body: string } {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...this.options.headers,
    };
    if (this.options.era === '2026') {
      Object.assign(headers, { 'mcp-protocol-version': MODERN_VERSION, 'mcp-method': method, ...(named === undefined ? {} : { 'mcp-name': named }) });
      const meta = this.options.capabilities ? { ...MODERN_META, 'io.modelcontextprotocol/clientCapabilities': this.options.capabilities } : MODERN_META;
      params = { ...params, _meta: meta };
    } else headers['mcp-protocol-version'] = HANDSHAKE_VERSION; // as an SDK client sends after its initialize
    return { headers, body: JSON.stringify({ jsonrpc: '2.0', id, method, params }) };
  }

  /** One tools/call; latency runs from sending the POST to reading the whole answer. */
  callTool(name: string, args: Record<string, unknown>): Promise<CallResult> {
    const id = this.nextId++;
    return this.send(id, this.request(id, name, args));
  }

  /** One 2026-07-28 tasks/get (Mcp-Name is the task's id), timed as a tools/call is. */
  getTask(taskId: string): Promise<CallResult> {
    const id = this.nextId++;
    return this.send(id, this.requestFor(id, 'tasks/get', { taskId }, taskId));
  }

  /** One request and its answer, parsed: for a phase's set-up (creating a task, waiting for it to end). */
  async ask(method: string, params: Record<string, unknown>, named?: string): Promise<JsonRpcAnswer | undefined> {
    const id = this.nextId++;
    const { headers, body } = this.requestFor(id, method, params, named);
    const res = await this.pool.request({ method: 'POST', path: this.path, headers, body, headersTimeout: this.options.timeoutMs, bodyTimeout: this.options.timeoutMs });
    return answerIn(await res.body.text(), res.headers['content-type'] as string | undefined, id);
  }

  private async send(id: number, { headers, body }: { headers: Record<string, string>; body: string }): Promise<CallResult> {
    const started = performance.now();
    let error: ErrorKind | undefined;
    try {
      const res = await this.pool.request({
        method: 'POST',
        path: this.path,
        headers,
        body,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
      });
      const text = await res.body.text();
      if (res.statusCode !== 200) error = 'http';
      else {
        const answer = answerIn(text, res.headers['content-type'] as string | undefined, id);
        error = answer ? answerError(answer) : 'jsonrpc';
      }
    } catch (caught) {
      const code = (caught as { code?: string }).code;
      error = code !== undefined && TIMEOUT_CODES.has(code) ? 'timeout' : 'network';
    }
    const latencyMs = performance.now() - started;
    return error ? { error, latencyMs } : { latencyMs };
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
