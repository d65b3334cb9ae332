// A minimal hub-like SSE client for tests: opens GET /sse, reads events as they arrive, posts JSON-RPC
// to the endpoint it was given and waits for the answer with the same id on the stream.
import { request, type IncomingMessage, type ClientRequest } from 'node:http';

export interface SseEvent {
  event: string;
  data: string;
}

export interface JsonRpcAnswer {
  jsonrpc: '2.0';
  id: number | string;
  result?: Record<string, unknown> & { content?: Array<{ type: string; text: string }>; isError?: boolean };
  error?: { code: number; message: string };
}

export class SseClient {
  readonly events: SseEvent[] = [];
  /** Comment lines (": keepalive") seen so far. */
  comments = 0;
  endpoint = '';
  response!: IncomingMessage;
  private waiters: Array<() => void> = [];
  private closedFlag = false;
  private request!: ClientRequest;

  private constructor(private readonly baseUrl: string) {}

  /** Opens GET /sse; `localAddress` (e.g. 127.0.0.2) makes the stream come from another loopback client. */
  static async open(baseUrl: string, headers: Record<string, string> = {}, localAddress?: string): Promise<SseClient> {
    const client = new SseClient(baseUrl);
    await client.connect(headers, localAddress);
    client.endpoint = (await client.next((event) => event.event === 'endpoint')).data;
    return client;
  }

  private connect(headers: Record<string, string>, localAddress?: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const options = { headers: { accept: 'text/event-stream', ...headers }, ...(localAddress ? { localAddress } : {}) };
      this.request = request(`${this.baseUrl}/sse`, options, (res) => {
        this.response = res;
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            this.parse(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        });
        res.on('close', () => {
          this.closedFlag = true;
          this.wake();
        });
        resolve();
      });
      this.request.on('error', (error) => (this.response ? undefined : reject(error)));
      this.request.end();
    });
  }

  private parse(block: string): void {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments += 1;
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length > 0) this.events.push({ event, data: data.join('\n') });
    this.wake();
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  /** Resolves when the condition holds, re-checked on every event, comment or close. */
  async until<T>(check: () => T | undefined | false, what = 'condition'): Promise<T> {
    for (;;) {
      const value = check();
      if (value !== undefined && value !== false) return value;
      if (this.closedFlag) throw new Error(`stream closed while waiting for ${what}`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** The first event (in arrival order, not yet consumed by `next`) matching `match`. */
  private consumed = new Set<SseEvent>();
  next(match: (event: SseEvent) => boolean): Promise<SseEvent> {
    return this.until(() => {
      const found = this.events.find((event) => !this.consumed.has(event) && match(event));
      if (found) this.consumed.add(found);
      return found;
    }, 'an event');
  }

  /** Waits until the stream has closed. */
  async waitClosed(): Promise<void> {
    if (this.closedFlag) return;
    await new Promise<void>((resolve) => this.response.once('close', () => resolve()));
  }

  post(message: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${this.baseUrl}${this.endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(message),
    });
  }

  /** Posts a request and returns the answer read from the stream. */
  async call(id: number | string, method: string, params?: unknown, headers: Record<string, string> = {}): Promise<JsonRpcAnswer> {
    const answer = this.answer(id);
    // A POST that fails leaves this wait unread: when the stream later closes it rejects, and without a
    // handler that rejection would fail whichever test runs then. The caller still gets it by awaiting.
    answer.catch(() => undefined);
    const response = await this.post({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }, headers);
    if (response.status !== 202) throw new Error(`POST answered ${response.status}: ${await response.text()}`);
    return answer;
  }

  async answer(id: number | string): Promise<JsonRpcAnswer> {
    const event = await this.next((e) => e.event === 'message' && (JSON.parse(e.data) as { id?: unknown }).id === id);
    return JSON.parse(event.data) as JsonRpcAnswer;
  }

  close(): void {
    this.request.destroy();
  }
}

/** tools/call params. */
export const callTool = (name: string, args: Record<string, unknown> = {}) => ({ name, arguments: args });

/** Posts one JSON-RPC message with no session: the answer is in the body. */
export async function postDirect(baseUrl: string, message: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(message),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text ? (JSON.parse(text) as JsonRpcAnswer) : undefined };
}
