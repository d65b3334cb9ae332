// Live SSE sessions: one transport and one SDK Server each, removed the moment their stream closes.
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { InFlight } from './in-flight';
import { SseTransport } from './sse-transport';

export interface Session {
  readonly id: string;
  readonly transport: SseTransport;
  readonly server: Server;
}

export interface SessionStoreOptions {
  /** Builds the session's endpoint path, e.g. `${PUBLIC_BASE_PATH}/messages?sessionId=${id}`. */
  endpointFor: (sessionId: string) => string;
  keepAliveMs: number;
  createServer: () => Server;
  inFlight?: InFlight;
  onClose?: (session: Session) => void;
}

export class SessionStore {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly options: SessionStoreOptions) {}

  get size(): number {
    return this.sessions.size;
  }

  get(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  /** Opens the stream on `res`, sends the endpoint event and registers the session. */
  async open(res: ServerResponse): Promise<Session> {
    const id = randomUUID();
    const transport = new SseTransport(res, {
      sessionId: id,
      endpoint: this.options.endpointFor(id),
      keepAliveMs: this.options.keepAliveMs,
      inFlight: this.options.inFlight,
    });
    const server = this.options.createServer();
    const session: Session = { id, transport, server };
    this.sessions.set(id, session);
    // The SDK chains its own onclose (which aborts in-flight handlers) after this one.
    transport.onclose = () => {
      this.sessions.delete(id);
      this.options.onClose?.(session);
    };
    await server.connect(transport);
    return session;
  }

  /** Ends every stream (shutdown). */
  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((session) => session.transport.close()));
  }
}
