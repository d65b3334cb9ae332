// The hub's side of the wire, for conformance: GET /sse read event by event with fetch, JSON-RPC posted
// to the announced endpoint, answers matched by id on the stream; and the direct POST.
export interface SseEvent {
  event: string;
  data: string;
}

export interface JsonRpcAnswer {
  id?: unknown;
  result?: { tools?: unknown[]; content?: Array<{ type?: string; text?: string }>; isError?: boolean };
  error?: { code?: number; message?: string };
}

export class HubSession {
  readonly events: SseEvent[] = [];
  private waiters = new Set<() => void>();
  private ended = false;

  private constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {}

  static async open(baseUrl: string, headers: Record<string, string>): Promise<HubSession> {
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/sse`, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
    const session = new HubSession(response, controller);
    void session.read();
    return session;
  }

  private async read(): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of this.response.body ?? []) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true }).replace(/\r\n?/g, '\n');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          this.parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // closed by us, or by the server: either ends the stream
    }
    this.ended = true;
    this.wake();
  }

  private parse(block: string): void {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length > 0) this.events.push({ event, data: data.join('\n') });
    this.wake();
  }

  private wake(): void {
    for (const waiter of this.waiters) waiter();
  }

  /** The first event matching `match`, waiting for it up to `timeoutMs`. */
  next(match: (event: SseEvent) => boolean, timeoutMs: number): Promise<SseEvent> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.events.find(match);
        if (found) done(() => resolve(found));
        else if (this.ended) done(() => reject(new Error('the stream ended first')));
      };
      const timer = setTimeout(() => done(() => reject(new Error(`nothing within ${timeoutMs} ms`))), timeoutMs);
      const done = (settle: () => void) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        settle();
      };
      this.waiters.add(check);
      check();
    });
  }

  /** The JSON-RPC answer with this id, from the stream. */
  async answer(id: number, timeoutMs: number): Promise<JsonRpcAnswer> {
    const event = await this.next((e) => e.event === 'message' && parseId(e.data) === id, timeoutMs);
    return JSON.parse(event.data) as JsonRpcAnswer;
  }

  close(): void {
    this.controller.abort();
  }
}

function parseId(data: string): unknown {
  try {
    return (JSON.parse(data) as { id?: unknown }).id;
  } catch {
    return undefined;
  }
}

/** POSTs one JSON-RPC message; gives back the status, the raw body and the parsed answer when JSON. */
export async function postMessage(url: string, message: unknown, headers: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(message),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let json: JsonRpcAnswer | undefined;
  try {
    json = text === '' ? undefined : (JSON.parse(text) as JsonRpcAnswer);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}
