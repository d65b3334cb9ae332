// Answers parked in Redis for sessions held here (their key had expired, or this process was not
// listening), as a claim read them: written on the stream, then removed from Redis (ACK_SCRIPT). A claim
// only reads, so one that Redis runs after this process stopped waiting for it loses nothing: the next
// claim reads the same answers. Each is written once: an answer read again is skipped while its removal
// is unconfirmed (two claims in a row, or a removal that failed) and for a while after it is confirmed.
// That while is needed because the order in which replies are handled here is not the order Redis ran the
// commands: a claim sent in the refresh pipeline before the removal can be handled after it (ioredis
// settles a pipeline a few promise hops later than a single command whose reply came in the same read).
import { SerializedMessage, type StreamSink } from '../bus';
import type { AckCommand } from './scripts';
import { parseDelivery, type RedisNames } from './wire';

/** Per session, at most this many written answers are remembered (oldest forgotten first). */
const REMEMBERED_MAX = 1_000;

export interface ParkedAnswersOptions {
  names: RedisNames;
  ack: AckCommand;
  /**
   * How long an answer is still skipped once its removal is confirmed: longer than any reply to a claim
   * sent before the removal can take (the command time-out). SESSION_TTL_MS, at most.
   */
  rememberMs: number;
  /** One parked answer written on its stream (counted). */
  claimed(): void;
  /** One that could not be written: its stream is no longer held here, or it is malformed. */
  dropped(sessionId: string, why: string): void;
  failed(what: string, error: Error): void;
}

/** Per written answer: when it may be forgotten (Infinity until its removal from Redis is confirmed). */
type Written = Map<string, number>;

export class ParkedAnswers {
  private readonly written = new Map<string, Written>();

  constructor(private readonly options: ParkedAnswersOptions) {}

  /** `parked` as Redis returned it (CLAIM_SCRIPT), oldest first; `sink` the session's stream, if still held. */
  collected(sessionId: string, parked: unknown, sink: StreamSink | undefined, now = performance.now()): void {
    const written = this.written.get(sessionId);
    if (written) {
      forgetExpired(written, now);
      if (written.size === 0) this.written.delete(sessionId);
    }
    if (!Array.isArray(parked) || parked.length === 0) return;
    const texts = parked.filter((json): json is string => typeof json === 'string');
    if (texts.length === 0) return;
    const remembered = this.written.get(sessionId) ?? new Map<string, number>();
    this.written.set(sessionId, remembered);
    for (const json of texts) {
      if (remembered.has(json)) continue;
      remembered.set(json, Infinity);
      const delivery = parseDelivery(`${sessionId} ${json}`);
      if (!sink || delivery?.json === undefined) {
        this.options.dropped(sessionId, 'a parked answer could not be written');
        continue;
      }
      this.options.claimed();
      sink(new SerializedMessage(delivery.json));
    }
    while (remembered.size > REMEMBERED_MAX) remembered.delete(remembered.keys().next().value as string);
    this.options.ack(this.options.names.parked(sessionId), ...texts).then(
      () => {
        const until = performance.now() + this.options.rememberMs;
        for (const json of texts) if (remembered.has(json)) remembered.set(json, until);
      },
      // Left in Redis: the next claim reads them again, skips them here and removes them.
      (error: Error) => this.options.failed('collect', error),
    );
  }

  /** The session's stream closed here. */
  forget(sessionId: string): void {
    this.written.delete(sessionId);
  }
}

function forgetExpired(written: Written, now: number): void {
  for (const [json, until] of written) if (until <= now) written.delete(json);
}
