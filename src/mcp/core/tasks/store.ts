// Where task records live: the SessionBus's records (memory, the cluster's primary, Redis), so any replica
// answers for any task. Keys name a task id or a hash of the owner, never a credential. Owner checks are
// here: a record of another caller reads as absent ("not found"), so nobody learns which ids exist.
import { hash } from 'node:crypto';
import type { SessionBus } from '../../../sessions/bus';
import { asRead, isTerminal, type TaskRecord } from './record';

export type Records = Pick<SessionBus, 'putRecord' | 'getRecord'>;

export interface TaskLimits {
  /** Tasks one caller may have running (working or waiting for input) at once. */
  maxPerCaller: number;
  /** How long a record is kept after its last change, unless the client asks for less (2025-11-25 `ttl`). */
  ttlMs: number;
  /** The most a client may ask for. */
  maxTtlMs: number;
  /** How long a runner's heartbeat vouches for a running task (TASK_LEASE_MS). */
  leaseMs: number;
  /** The poll interval clients are told. */
  pollIntervalMs: number;
}

export const DEFAULT_TASK_LIMITS: TaskLimits = Object.freeze({ maxPerCaller: 10, ttlMs: 3_600_000, maxTtlMs: 86_400_000, leaseMs: 15_000, pollIntervalMs: 1_000 });

/** An answer under this key is the client's refusal, `{ code, message }` (putRefusal). */
export const REFUSED = '$refused';

/** The ids one caller created, with when each record expires at the latest. */
type Index = Array<[string, number]>;

export class TaskStore {
  constructor(
    private readonly records: Records,
    readonly limits: TaskLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** The caller's task, as it must be reported; undefined when absent, expired or another caller's. */
  async get(id: string, owner: string): Promise<TaskRecord | undefined> {
    const text = await this.records.getRecord(`task:${id}`);
    if (text === undefined) return undefined;
    const record = parse(text);
    return record !== undefined && record.owner === owner ? asRead(record, this.now()) : undefined;
  }

  /** Writes the record; rejects with BusUnavailableError when the bus cannot take it (the runner retries). */
  async put(record: TaskRecord): Promise<void> {
    await this.records.putRecord(`task:${record.id}`, JSON.stringify(record), record.ttlMs);
  }

  /** A sentence refusing one more task for `owner`, or undefined when it may have one (best effort across replicas). */
  async refusal(owner: string): Promise<string | undefined> {
    const running = (await this.list(owner)).filter((record) => !isTerminal(record.status)).length;
    if (running < this.limits.maxPerCaller) return undefined;
    return `You already have ${running} tasks running on this server, the most one caller may have. Wait for one to finish, or cancel one, then call again.`;
  }

  /** Adds a new task to its owner's index (for tasks/list and the bound). */
  async remember(record: TaskRecord): Promise<void> {
    const now = this.now();
    const index = (await this.index(record.owner)).filter(([, until]) => until > now);
    index.push([record.id, now + this.limits.maxTtlMs]);
    await this.records.putRecord(this.indexKey(record.owner), JSON.stringify(index.slice(-100)), this.limits.maxTtlMs);
  }

  /** The caller's tasks still kept, newest first. */
  async list(owner: string): Promise<TaskRecord[]> {
    const now = this.now();
    const ids = (await this.index(owner)).filter(([, until]) => until > now).map(([id]) => id);
    const records = await Promise.all(ids.map((id) => this.get(id, owner)));
    return records.filter((record): record is TaskRecord => record !== undefined).reverse();
  }

  /** The client's answer to question `key` of task `id` (2026-07-28 tasks/update), kept apart from the record. */
  async putAnswer(id: string, key: string, answer: object, ttlMs: number): Promise<void> {
    await this.records.putRecord(`task-answer:${id}:${key}`, JSON.stringify(answer), ttlMs);
  }

  /** The client refused question `key` (2025-11-25: an error answer on the tasks/result stream): kept as the answer. */
  async putRefusal(id: string, key: string, code: number, message: string, ttlMs: number): Promise<void> {
    await this.putAnswer(id, key, { [REFUSED]: { code, message: message.slice(0, 200) } }, ttlMs);
  }

  async answer(id: string, key: string): Promise<Record<string, unknown> | undefined> {
    const text = await this.records.getRecord(`task-answer:${id}:${key}`);
    if (text === undefined) return undefined;
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  }

  private async index(owner: string): Promise<Index> {
    const text = await this.records.getRecord(this.indexKey(owner));
    if (text === undefined) return [];
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as Index) : [];
  }

  private indexKey(owner: string): string {
    return `tasks-of:${hash('sha256', owner, 'base64url')}`;
  }
}

function parse(text: string): TaskRecord | undefined {
  try {
    const value = JSON.parse(text) as TaskRecord;
    return typeof value === 'object' && value !== null && typeof value.id === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
