// A task's record (docs/tasks.md): what any replica reads to answer tasks/get, kept behind the SessionBus as
// JSON with an expiry. It holds the status, the result or error, and the question waiting for the user:
// never a credential (those stay in memory on the replica running the handler). Also the record's shape
// on the wire, in each era: the 2026-07-28 Tasks extension (SEP-2663) and 2025-11-25's tasks.

/** The extension's identifier (2026-07-28), in capabilities and `_meta`. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** `_meta` key tying a message to its task (2025-11-25, tasks/result). */
export const RELATED_TASK = 'io.modelcontextprotocol/related-task';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

export interface InputRequest {
  method: string;
  params: Record<string, unknown>;
}

export interface TaskRecord {
  id: string;
  /** The caller's fingerprint (./owner.ts): a hash or a verified subject's tag, never a credential. */
  owner: string;
  tool: string;
  /** Which era created it: its wire shape and the methods that reach it. */
  era: 'modern' | 'handshake';
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  /** Kept this long after its last change. */
  ttlMs: number;
  pollIntervalMs: number;
  /** Until when the runner vouches for a working record (ms since the epoch); refreshed by its heartbeat. */
  lease: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
  inputRequests?: Record<string, InputRequest>;
}

export const isTerminal = (status: TaskStatus): boolean => status === 'completed' || status === 'failed' || status === 'cancelled';

/** What a task whose runner went away without a word reads as (a replica killed, a machine lost). */
export const RUNNER_GONE = 'The server running this task stopped before it finished. Start the task again.';

/** The record as any replica must report it: a running one whose runner's lease lapsed has failed. */
export function asRead(record: TaskRecord, now: number): TaskRecord {
  if (isTerminal(record.status) || record.lease >= now) return record;
  return { ...record, status: 'failed', statusMessage: RUNNER_GONE, error: { code: -32603, message: RUNNER_GONE }, inputRequests: undefined };
}

function base(record: TaskRecord) {
  return {
    taskId: record.id,
    status: record.status,
    ...(record.statusMessage !== undefined ? { statusMessage: record.statusMessage } : {}),
    createdAt: record.createdAt,
    lastUpdatedAt: record.lastUpdatedAt,
  };
}

/** 2026-07-28 `Task` (a CreateTaskResult's fields). */
export function modernTask(record: TaskRecord): Record<string, unknown> {
  return { ...base(record), ttlMs: record.ttlMs, pollIntervalMs: record.pollIntervalMs };
}

/** 2026-07-28 `DetailedTask` (tasks/get): the question, the result or the error with the status that has it. */
export function detailedTask(record: TaskRecord): Record<string, unknown> {
  const task = modernTask(record);
  if (record.status === 'input_required') task.inputRequests = record.inputRequests ?? {};
  if (record.status === 'completed') task.result = record.result ?? { content: [] };
  if (record.status === 'failed') task.error = record.error ?? { code: -32603, message: record.statusMessage ?? 'The task failed' };
  return task;
}

/** 2025-11-25 `Task`. */
export function handshakeTask(record: TaskRecord): Record<string, unknown> {
  return { ...base(record), ttl: record.ttlMs, pollInterval: record.pollIntervalMs };
}
