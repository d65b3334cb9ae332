// Live SSE sessions: one transport each, and one SDK Server made on the session's first message (an idle
// stream holds no protocol state). A session is removed the moment its stream closes.
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { InFlight } from './in-flight';
import { SseTransport } from './sse-transport';

export interface Session {
  readonly id: string;
  readonly transport: SseTransport;
  /** Made on the first message: SDK ≥ 1.26 binds a Server to one transport for life. */
  server: Server | undefined;
}

export interface SessionStoreOptions {
  /** Builds the session's endpoint path, e.g. `${PUBLIC_BASE_PATH}/messages?sessionId=${id}`. */
  endpointFor: (sessionId: string) => string;
  /** Every this many ms each open stream gets a keep-alive comment (one timer for all streams). */
  keepAliveMs: number;
  createServer: () => Server;
  inFlight?: InFlight;
}

export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  private keepAliveTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: SessionStoreOptions) {}

  get size(): number {
    return this.sessions.size;
  }

  get(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  /** Opens the stream on `res` (headers and the endpoint event) and registers the session. */
  open(res: ServerResponse): Session {
    const id = randomUUID();
    const transport = new SseTransport(res, {
      sessionId: id,
      endpoint: this.options.endpointFor(id),
      inFlight: this.options.inFlight,
    });
    const session: Session = { id, transport, server: undefined };
    this.sessions.set(id, session);
    // Once a Server is connected, the SDK chains its own onclose (which aborts in-flight handlers) after this.
    transport.onclose = () => {
      this.sessions.delete(id);
      if (this.sessions.size === 0) this.stopKeepAlive();
    };
    transport.open();
    this.keepAliveTimer ??= setInterval(() => {
      for (const { transport: stream } of this.sessions.values()) stream.keepAlive();
    }, this.options.keepAliveMs).unref();
    return session;
  }

  /** Hands a POSTed message to the session's Server, creating it on the first message. */
  deliver(session: Session, message: JSONRPCMessage, headers: IncomingHttpHeaders): void {
    if (!session.server) {
      session.server = this.options.createServer();
      // connect() installs its handlers synchronously; what it awaits (start) is already done.
      void session.server.connect(session.transport);
    }
    session.transport.handleMessage(message, headers);
  }

  /** Ends every stream (shutdown). */
  async closeAll(): Promise<void> {
    this.stopKeepAlive();
    await Promise.all([...this.sessions.values()].map((session) => session.transport.close()));
  }

  private stopKeepAlive(): void {
    clearInterval(this.keepAliveTimer);
    this.keepAliveTimer = undefined;
  }
}
