// The server side of one legacy HTTP+SSE session: GET /sse holds `res` open; POSTs hand their messages
// to `handleMessage`; answers go back on the stream as `event: message`. Implements the SDK's Transport
// (instead of the deprecated SSEServerTransport) for keep-alive, abort on close and an empty 202.
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import type { InFlight } from './in-flight';

export interface SseTransportOptions {
  sessionId: string;
  /** Data of the first `endpoint` event, e.g. /messages?sessionId=… (contract: Events, rule 1). */
  endpoint: string;
  /** Told of each request received and each answer written, for graceful shutdown. */
  inFlight?: InFlight;
}

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  // nginx and some ingress controllers buffer responses unless told not to.
  'X-Accel-Buffering': 'no',
} as const;

/**
 * A stream whose reader has fallen this far behind is closed rather than buffered without bound
 * (a stalled client, or a proxy that stopped reading); the hub reconnects with a new session.
 */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

export class SseTransport implements Transport {
  readonly sessionId: string;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  private readonly endpoint: string;
  private readonly inFlight: InFlight | undefined;
  private closed = false;
  /** Ids of this session's requests not answered yet. */
  private readonly pending = new Set<string | number>();

  constructor(
    private readonly res: ServerResponse,
    { sessionId, endpoint, inFlight }: SseTransportOptions,
  ) {
    this.sessionId = sessionId;
    this.endpoint = endpoint;
    this.inFlight = inFlight;
  }

  /** Sends the headers and the endpoint event. Called when the stream opens, before any SDK Server exists. */
  open(): void {
    this.res.writeHead(200, SSE_HEADERS);
    this.res.write(`event: endpoint\ndata: ${this.endpoint}\n\n`);
    this.res.on('close', () => void this.close());
  }

  /** The SDK calls this on connect; the stream is already open by then. */
  async start(): Promise<void> {}

  /** An SSE comment line: ignored by clients, keeps proxies from cutting an idle stream. */
  keepAlive(): void {
    if (!this.closed) this.res.write(': keepalive\n\n');
  }

  /** Delivers one message from a POST; `headers` become `extra.requestInfo.headers` for its handler. */
  handleMessage(message: JSONRPCMessage, headers: IncomingHttpHeaders): void {
    if ('method' in message) {
      if ('id' in message && !this.pending.has(message.id)) {
        this.pending.add(message.id);
        this.inFlight?.begin();
      } else if (message.method === 'notifications/cancelled') {
        // The SDK answers nothing for a cancelled request (MCP: cancellation), so it is settled here.
        this.settle((message.params as { requestId?: string | number } | undefined)?.requestId);
      }
    }
    this.onmessage?.(message, { requestInfo: { headers } });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error(`SSE session ${this.sessionId} is closed`);
    this.res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
    if (!('method' in message)) this.settle(message.id);
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.onerror?.(new Error(`SSE session ${this.sessionId}: reader is ${this.res.writableLength} bytes behind; closing`));
      await this.close();
    }
  }

  private settle(id: string | number | undefined): void {
    if (id !== undefined && this.pending.delete(id)) this.inFlight?.end();
  }

  /** Ends the stream; the SDK's Server then aborts every in-flight handler of this session. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.pending.size > 0) this.inFlight?.end(this.pending.size); // abandoned: nobody is listening any more
    this.pending.clear();
    if (!this.res.writableEnded) this.res.end();
    this.onclose?.();
  }
}
