// One task running on this replica: the handler runs here, with the creating request's credentials in
// memory only, under a signal of its own (CallTracker scope `task:<id>`) that tasks/cancel aborts from any
// replica (SessionBus.cancel) and shutdown waits for. A heartbeat rewrites the record's lease, so a replica
// that dies leaves a task that reads as failed, never working for ever; a write the bus refuses is kept
// and tried again on the next beat (nothing lost once the bus is back).
import { stoppedByShutdown, type CallSignal } from '../../../call-signal';
import type { Logger } from '../../../logger';
import type { CallTracker } from '../../../sessions/calls';
import type { ProgressReporter } from '../../../tools/context';
import type { ToolResult } from '../../../tools/results';
import { STOPPED_BY_SHUTDOWN } from '../../../tools/registry';
import { ClientRequestError, type ClientLink, type ClientRequestMethod } from '../../../protocol/client-link';
import type { TaskRecord, TaskStatus } from './record';
import { REFUSED, type TaskStore } from './store';

/** Runs the tool with what the task gives it: a link for questions (2026-07-28), its signal, progress and status. */
export type TaskStart = (link: ClientLink | undefined, signal: CallSignal, progress: ProgressReporter, status: (message: string) => void) => Promise<ToolResult>;

/** Where a runner waits for an answer to its question: woken by tasks/update here or on another replica. */
export interface Wakers {
  wait(id: string, ms: number): Promise<void>;
  /** The record with a new status was written: listeners here and on other replicas read it (./listen.ts). */
  statusWritten(id: string, status: TaskStatus): void;
}

export const TASK_SCOPE = (id: string) => `task:${id}`;
export const TASK_CALL = 'task';

/** How long a question inside a task waits for the user's answer. */
const QUESTION_TIMEOUT_MS = 300_000;

/** Which client capability each question needs (declared in the creating request's `_meta`). */
const CAPABILITY: Record<ClientRequestMethod, string> = { 'elicitation/create': 'elicitation', 'sampling/createMessage': 'sampling' };

export class TaskRun {
  private saving: Promise<void> | undefined;
  private again = false;
  private unsaved = false;
  private timer: NodeJS.Timeout | undefined;
  private asked = 0;
  /** The status last written (the record starts written as `working`: nobody can listen before its id is out). */
  private written: TaskStatus;

  constructor(
    private record: TaskRecord,
    private readonly store: TaskStore,
    private readonly calls: Pick<CallTracker, 'begin' | 'end'>,
    private readonly wakers: Wakers,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.written = record.status;
  }

  get id(): string {
    return this.record.id;
  }

  /**
   * Starts the handler, once the record was written (the caller awaited `save`). `capabilities`: the
   * client's (2026-07-28), whose elicitation/sampling let a question turn the task input_required.
   */
  start(run: TaskStart, capabilities: Record<string, unknown> | undefined): void {
    const signal = this.calls.begin(TASK_SCOPE(this.id), TASK_CALL);
    if (signal === undefined) throw new Error(`task ${this.id} runs already`);
    const beat = Math.max(100, Math.floor(this.store.limits.leaseMs / 3));
    this.timer = setInterval(() => void this.save(), beat);
    this.timer.unref();
    const link = capabilities ? this.link(signal, capabilities) : undefined;
    const progress: ProgressReporter = (value, total, message) => this.status(message ?? (total === undefined ? `${value}` : `${value} of ${total}`));
    run(link, signal, progress, (message) => this.status(message)).then(
      (result) => this.finish(signal, result),
      (error: unknown) => {
        this.logger.error({ err: error, task: this.id }, 'task failed unexpectedly');
        this.finish(signal, undefined);
      },
    );
  }

  /** Writes the record now (or right after the write under way); rejects with BusUnavailableError. */
  save(): Promise<void> {
    if (!this.isDone()) this.record.lease = this.now() + this.store.limits.leaseMs;
    if (this.saving) {
      this.again = true;
      return this.saving;
    }
    const status = this.record.status;
    const put = this.store.put(this.record).then(
      () => {
        this.unsaved = false;
        if (status !== this.written) {
          this.written = status;
          this.wakers.statusWritten(this.id, status);
        }
      },
      (error: unknown) => {
        this.unsaved = true;
        throw error;
      },
    );
    // Settles either way (a refused write is tried again on the next beat): never an unhandled rejection.
    this.saving = put
      .catch(() => undefined)
      .finally(() => {
        this.saving = undefined;
        if (this.again) {
          this.again = false;
          void this.save().catch(() => undefined);
        } else if (this.isDone() && !this.unsaved) this.stopBeating();
      });
    return put;
  }

  private isDone(): boolean {
    return this.record.status === 'completed' || this.record.status === 'failed' || this.record.status === 'cancelled';
  }

  private change(patch: Partial<TaskRecord>): void {
    this.record = { ...this.record, ...patch, lastUpdatedAt: new Date(this.now()).toISOString() };
    void this.save().catch(() => undefined);
  }

  private status(message: string): void {
    if (this.isDone()) return;
    this.change({ statusMessage: message.slice(0, 500) });
  }

  private finish(signal: CallSignal, result: ToolResult | undefined): void {
    if (signal.aborted && stoppedByShutdown(signal)) {
      this.change({ status: 'failed', statusMessage: STOPPED_BY_SHUTDOWN, error: { code: -32603, message: STOPPED_BY_SHUTDOWN }, inputRequests: undefined });
    } else if (signal.aborted) {
      this.change({ status: 'cancelled', statusMessage: 'The task was cancelled.', inputRequests: undefined });
    } else if (result === undefined) {
      this.change({ status: 'failed', statusMessage: 'The task failed unexpectedly.', error: { code: -32603, message: 'Internal error' }, inputRequests: undefined });
    } else {
      const full = this.record.era === 'modern' ? { ...result, resultType: 'complete' } : result;
      this.change({ status: 'completed', result: full as Record<string, unknown>, inputRequests: undefined });
    }
    // Shutdown waits for this call: it ends once the final record was written (or the bus refused it).
    void this.flushed().then(() => this.calls.end(TASK_SCOPE(this.id), TASK_CALL));
  }

  /** Resolves once no write is under way or queued (each settles, written or refused). */
  private async flushed(): Promise<void> {
    while (this.saving) await this.saving;
  }

  private stopBeating(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * A question turns the task input_required; the answer (any replica) resumes it: 2026-07-28's tasks/update,
   * or 2025-11-25's answer to the question put on a tasks/result stream (./tasks.ts, `ask`).
   */
  private link(signal: CallSignal, capabilities: Record<string, unknown>): ClientLink {
    return {
      logLevel: undefined,
      notify: () => undefined, // no channel outlives the creating POST (status notifications: docs/tasks.md)
      request: async (method: ClientRequestMethod, params: Record<string, unknown>) => {
        if (typeof capabilities[CAPABILITY[method]] !== 'object') throw new ClientRequestError('error', `the client did not declare ${CAPABILITY[method]}`, -32601);
        const key = `q${++this.asked}`;
        this.change({ status: 'input_required', inputRequests: { [key]: { method, params } } });
        const until = this.now() + QUESTION_TIMEOUT_MS;
        for (;;) {
          if (signal.aborted) throw new ClientRequestError('ended', 'the task was cancelled');
          let answer: Record<string, unknown> | undefined;
          try {
            answer = await this.store.answer(this.id, key);
          } catch {
            answer = undefined; // the bus is out of reach: ask again on the next wake
          }
          if (answer !== undefined) {
            this.change({ status: 'working', inputRequests: undefined });
            const refused = answer[REFUSED] as { code?: unknown; message?: unknown } | undefined;
            if (refused !== undefined) throw new ClientRequestError('error', String(refused.message), typeof refused.code === 'number' ? refused.code : undefined);
            return answer;
          }
          if (this.now() >= until) {
            this.change({ status: 'working', inputRequests: undefined });
            throw new ClientRequestError('timeout', 'the client did not answer in time');
          }
          await this.wakers.wait(this.id, 1_000);
        }
      },
    };
  }
}
