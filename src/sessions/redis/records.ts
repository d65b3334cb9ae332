// Keys with an expiry that every replica reads: records (a task's, its answers: SET PX / GET) and
// single-use claims (a used requestState: one SET NX). Never accepted or read without Redis's word: while
// this replica's commands fail, or when a command does, they are refused with BusUnavailableError (a
// record's writer retries; the lane answers 503).
import { BusUnavailableError } from '../bus';
import type { RedisConnections } from './connections';
import type { RedisNames } from './wire';

export class RedisRecords {
  constructor(
    private readonly connections: RedisConnections,
    private readonly names: RedisNames,
    /** Counts and logs a failed command, and starts probing for Redis's return (the bus's). */
    private readonly failed: (what: string, error: Error) => void,
  ) {}

  /**
   * `SET prefix<key> 1 NX PX ttl`: one write, only for a call that carries a state. Refused (BusUnavailableError,
   * so the POST gets 503) while commands fail or when the SET does: never accepted without Redis's word.
   */
  claimOnce(key: string, ttlMs: number): Promise<boolean> {
    const refused = this.refusedWhileFailing();
    if (refused) return refused;
    return this.connections.commands.set(this.names.claim(key), '1', 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX').then(
      (reply) => reply === 'OK',
      (error: Error) => {
        this.failed('claim', error);
        throw new BusUnavailableError(`redis: cannot claim (${error.message})`, { cause: error });
      },
    );
  }

  /** `SET prefix:record:<key> <json> PX ttl`. Refused (BusUnavailableError) while commands fail: the writer retries. */
  putRecord(key: string, value: string, ttlMs: number): Promise<void> {
    const refused = this.refusedWhileFailing();
    if (refused) return refused;
    return this.connections.commands.set(this.names.record(key), value, 'PX', Math.max(1, Math.ceil(ttlMs))).then(
      () => undefined,
      (error: Error) => {
        this.failed('record', error);
        throw new BusUnavailableError(`redis: cannot write a record (${error.message})`, { cause: error });
      },
    );
  }

  /** `GET prefix:record:<key>`; BusUnavailableError while commands fail (the lane answers 503). */
  getRecord(key: string): Promise<string | undefined> {
    const refused = this.refusedWhileFailing();
    if (refused) return refused;
    return this.connections.commands.get(this.names.record(key)).then(
      (value) => value ?? undefined,
      (error: Error) => {
        this.failed('record', error);
        throw new BusUnavailableError(`redis: cannot read a record (${error.message})`, { cause: error });
      },
    );
  }

  private refusedWhileFailing(): Promise<never> | undefined {
    const failing = this.connections.status.failing;
    return failing === undefined ? undefined : Promise.reject(new BusUnavailableError(`redis: commands failing (${failing})`));
  }
}
