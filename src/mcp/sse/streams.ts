// The SSE streams this process holds: opening one (within MAX_SESSIONS and the per-client cap), one
// shared timer for keep-alive comments and the idle time-out, and the link to the session bus. A stream
// counts against the caps until its socket is really gone.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../../logger';
import type { SessionBus } from '../../sessions';
import { sessionTag } from '../../logging/session-tag';
import { BufferBudget, SseStream } from './stream';

export interface StreamLimits {
  /** Open streams at most (MAX_SESSIONS). */
  maxStreams: number;
  /** Open streams per client address at most, so one client cannot take every slot. */
  maxStreamsPerClient: number;
  /** A stream whose reader is this many bytes behind is destroyed. */
  maxBufferedBytes: number;
  /** Unread bytes across all streams at most. */
  maxTotalBufferedBytes: number;
  /** Every this many ms each stream gets a keep-alive comment. */
  keepAliveMs: number;
  /** A stream that carried no message for this long is ended (the hub reconnects); 0 turns it off. */
  idleTimeoutMs: number;
}

export type OpenResult = { ok: true; sessionId: string } | { ok: false; reason: 'capacity' | 'client-capacity' };

export class StreamRegistry {
  private readonly streams = new Map<string, SseStream>();
  private readonly perClient = new Map<string, number>();
  private readonly budget: BufferBudget;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly bus: SessionBus,
    private readonly limits: StreamLimits,
    private readonly endpointFor: (sessionId: string) => string,
    private readonly logger: Logger,
  ) {
    this.budget = new BufferBudget(limits.maxTotalBufferedBytes);
  }

  /** Open streams, counted until their sockets close. */
  get size(): number {
    return this.streams.size;
  }

  /** Bytes written to streams and not yet taken by their readers. */
  get bufferedBytes(): number {
    return this.budget.used;
  }

  has(sessionId: string): boolean {
    return this.streams.has(sessionId);
  }

  open(req: IncomingMessage, res: ServerResponse, client: string): OpenResult {
    if (this.streams.size >= this.limits.maxStreams) return { ok: false, reason: 'capacity' };
    const held = this.perClient.get(client) ?? 0;
    if (held >= this.limits.maxStreamsPerClient) return { ok: false, reason: 'client-capacity' };
    // A stream lives as long as the hub keeps it: no idle time-out on its socket (the idle sweep ends it).
    req.socket.setTimeout(0);
    const sessionId = randomUUID();
    const stream = new SseStream(res, {
      endpoint: this.endpointFor(sessionId),
      maxBufferedBytes: this.limits.maxBufferedBytes,
      budget: this.budget,
      onOverflow: (reason, buffered) =>
        this.logger.warn({ session: sessionTag(sessionId), reason, buffered }, 'sse reader too far behind: stream destroyed'),
    });
    this.streams.set(sessionId, stream);
    this.perClient.set(client, held + 1);
    // The endpoint event waits until every replica can find the session (Redis has taken its key): a
    // POST sent to another replica as soon as the client reads the event would otherwise get 404.
    const registered = this.bus.attach(sessionId, (message) => stream.send(message));
    if (registered) void registered.then(() => stream.announce());
    else stream.announce();
    res.on('close', () => {
      this.streams.delete(sessionId);
      const left = (this.perClient.get(client) ?? 1) - 1;
      if (left === 0) this.perClient.delete(client);
      else this.perClient.set(client, left);
      this.bus.detach(sessionId);
      if (this.streams.size === 0) this.stopTimer();
      if (this.logger.isLevelEnabled('debug')) this.logger.debug({ session: sessionTag(sessionId), streams: this.streams.size }, 'sse stream closed');
    });
    this.timer ??= setInterval(() => this.tick(), this.limits.keepAliveMs).unref();
    if (this.logger.isLevelEnabled('debug')) this.logger.debug({ session: sessionTag(sessionId), streams: this.streams.size }, 'sse stream opened');
    return { ok: true, sessionId };
  }

  /** Ends every stream (shutdown). */
  closeAll(): void {
    this.stopTimer();
    for (const stream of this.streams.values()) stream.end(0);
  }

  private tick(): void {
    const idleBefore = this.limits.idleTimeoutMs > 0 ? performance.now() - this.limits.idleTimeoutMs : -Infinity;
    for (const stream of this.streams.values()) {
      if (stream.lastMessageAt < idleBefore) stream.end();
      else stream.keepAlive();
    }
  }

  private stopTimer(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
