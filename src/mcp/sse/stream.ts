// One open GET /sse stream: headers, the endpoint event, answers as `event: message`, keep-alive comments.
// Its memory is bounded: a stream whose reader falls too far behind is destroyed (socket and buffer freed
// at once; a graceful end would keep both until the client leaves), and the bytes buffered across all
// streams are capped by a shared budget.
import type { ServerResponse } from 'node:http';
import { SerializedMessage } from '../../sessions/bus';

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  // nginx and some ingress controllers buffer responses unless told not to.
  'X-Accel-Buffering': 'no',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** Bytes waiting to be read, summed over every stream of the process. */
export class BufferBudget {
  used = 0;
  constructor(readonly limit: number) {}
}

export interface SseStreamOptions {
  /** Data of the first `endpoint` event, e.g. /messages?sessionId=… (contract: Events, rule 1). */
  endpoint: string;
  /** A stream whose reader is this many bytes behind is destroyed. */
  maxBufferedBytes: number;
  budget: BufferBudget;
  /** Told once why the stream was destroyed (for the log). */
  onOverflow?: (reason: 'stream' | 'budget', buffered: number) => void;
}

export class SseStream {
  /** performance.now() of the last message written; keep-alives do not count. */
  lastMessageAt = performance.now();
  private buffered = 0;
  private done = false;
  private announced = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly options: SseStreamOptions,
  ) {
    // The headers leave with the endpoint event (announce), in one write.
    res.writeHead(200, SSE_HEADERS);
    res.on('drain', () => this.account());
    res.on('close', () => {
      this.done = true;
      this.account();
    });
  }

  get open(): boolean {
    return !this.done;
  }

  /** Writes the endpoint event, the stream's first (contract: Events, rule 1); once the session can be found. */
  announce(): void {
    if (this.done || this.announced) return;
    this.announced = true;
    this.write(`event: endpoint\ndata: ${this.options.endpoint}\n\n`);
  }

  send(message: object | SerializedMessage): void {
    this.lastMessageAt = performance.now();
    // A routed answer may arrive serialized already: written as received.
    this.write(`event: message\ndata: ${message instanceof SerializedMessage ? message.json : JSON.stringify(message)}\n\n`);
  }

  /** An SSE comment line: ignored by clients, keeps proxies from cutting an idle stream. */
  keepAlive(): void {
    if (this.announced) this.write(': keepalive\n\n');
  }

  /** Ends the stream gracefully; destroys it if the client has not let go within `graceMs`. */
  end(graceMs = 5_000): void {
    if (this.done) return;
    this.done = true;
    this.res.end();
    setTimeout(() => this.res.destroy(), graceMs).unref();
  }

  destroy(): void {
    this.done = true;
    this.res.destroy();
  }

  private write(text: string): void {
    if (this.done) return;
    this.res.write(text);
    this.account();
    const { maxBufferedBytes, budget, onOverflow } = this.options;
    if (this.buffered > maxBufferedBytes || (budget.used > budget.limit && this.buffered > 0)) {
      onOverflow?.(this.buffered > maxBufferedBytes ? 'stream' : 'budget', this.buffered);
      this.destroy();
      this.account();
    }
  }

  /** Keeps the shared budget equal to the sum of every stream's unread bytes. */
  private account(): void {
    const now = this.done ? 0 : this.res.writableLength;
    this.options.budget.used += now - this.buffered;
    this.buffered = now;
  }
}
