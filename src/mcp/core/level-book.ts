// The log level each 2025-era caller set with logging/setLevel, by owner (a fingerprint of credentials),
// bounded. Stateless, so no session holds it: a level set here is announced over the SessionBus and each
// worker or replica keeps it in its own book; a call reads only the book of its process (no bus traffic).
// A process that starts later learns a caller's level at that caller's next setLevel.
import type { SessionBus } from '../../sessions/bus';
import { isLogLevel, type LogLevel } from '../../protocol/log-levels';

/** Callers whose level is kept, at most; beyond, the one set longest ago is forgotten (it gets the default). */
const LEVEL_BOOK_SIZE = 10_000;
/** The bus topic of the announcements. */
const TOPIC = 'log-level';

/** The part of a SessionBus that carries levels to the other processes. */
export type LevelAnnouncer = Pick<SessionBus, 'announce' | 'onAnnouncement'>;

export class LevelBook {
  private readonly levels = new Map<string, LogLevel>();

  constructor(
    private readonly announcer?: LevelAnnouncer,
    private readonly max = LEVEL_BOOK_SIZE,
  ) {
    announcer?.onAnnouncement(TOPIC, (owner, level) => {
      if (isLogLevel(level)) this.keep(owner, level);
    });
  }

  get(owner: string): LogLevel | undefined {
    return this.levels.get(owner);
  }

  /** A caller's logging/setLevel: kept here and announced to every other worker and replica. */
  set(owner: string, level: LogLevel): void {
    this.keep(owner, level);
    this.announcer?.announce(TOPIC, owner, level);
  }

  private keep(owner: string, level: LogLevel): void {
    this.levels.delete(owner);
    if (this.levels.size >= this.max) this.levels.delete(this.levels.keys().next().value!);
    this.levels.set(owner, level);
  }
}
