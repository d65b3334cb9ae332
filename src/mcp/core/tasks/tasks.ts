// Long-running tools as tasks on /mcp (docs/tasks.md). 2026-07-28: the Tasks extension (SEP-2663): a
// tools/call of a client that declared it answers `resultType: "task"`; tasks/get, tasks/update (answers to
// a question) and tasks/cancel. 2025-11-25: a tools/call with `params.task` answers `{ task }`; tasks/get,
// tasks/result, tasks/cancel and tasks/list. Records live behind the SessionBus (./store.ts), so any replica
// answers; the handler runs where the call arrived (./runner.ts). Only the /mcp core has this part: the
// hub's lane runs every call inline, as it always has.
import { randomBytes } from 'node:crypto';
import { abortSignalOf } from '../../../call-signal';
import { BusUnavailableError, type SessionBus } from '../../../sessions/bus';
import type { CallTracker } from '../../../sessions/calls';
import type { Logger } from '../../../logger';
import { errorResult } from '../../../tools/results';
import type { CoreContext, Method, Params } from '../context';
import { echoed } from '../echo';
import { ClientRequestError } from '../../../protocol/client-link';
import { JsonRpcError, JsonRpcErrorCode } from '../../../protocol/jsonrpc';
import type { PendingRequests } from '../pending-requests';
import { ownerOf } from '../owner';
import { META } from '../../../protocol/versions';
import { detailedTask, handshakeTask, isTerminal, modernTask, RELATED_TASK, TASKS_EXTENSION, type InputRequest, type TaskRecord } from './record';
import { TaskChanges } from './changes';
import { createTaskListeners, DEFAULT_LISTEN_LIMITS, type ListenLimits } from './listen';
import { TaskRun, TASK_CALL, TASK_SCOPE, type TaskStart, type Wakers } from './runner';
import { DEFAULT_TASK_LIMITS, TaskStore, type TaskLimits } from './store';

export interface TasksOptions {
  bus: Pick<SessionBus, 'putRecord' | 'getRecord' | 'cancel' | 'announce' | 'onAnnouncement'>;
  calls: Pick<CallTracker, 'begin' | 'end'>;
  logger: Logger;
  limits?: Partial<TaskLimits>;
  /**
   * The core's questions waiting for answers (routed between processes by the bus): 2025-11-25 tasks put
   * their questions on a tasks/result stream with it. Absent: such a task's ctx.elicit resolves unsupported.
   */
  pending?: PendingRequests;
  /** Bounds of subscriptions/listen (./listen.ts); the defaults there otherwise. */
  listenLimits?: Partial<ListenLimits>;
  now?: () => number;
}

export interface Tasks {
  /** Added to server/discover's capabilities (2026-07-28). */
  readonly modernCapabilities: Readonly<Record<string, object>>;
  /** Added to initialize's capabilities (2025-11-25). */
  readonly handshakeCapabilities: Readonly<Record<string, object>>;
  readonly statelessMethods: readonly string[];
  readonly handshakeMethods: readonly string[];
  readonly methods: ReadonlyArray<[string, Method]>;
  /**
   * Whether this tools/call asks for a task: the extension declared (2026-07-28), or `params.task`
   * (2025-11-25); never for a caller with no credentials, whose task nobody could own.
   */
  asked(params: Params, modern: boolean, ctx: CoreContext): boolean;
  /** Creates the task, starts its handler, and answers the tools/call with the task. */
  create(params: Params, ctx: CoreContext, tool: string, modern: boolean, start: TaskStart): Promise<unknown>;
}

const TOPIC = 'tasks';
/** Announced once a record with a new status was written: listeners on every replica read it again. */
const STATUS_TOPIC = 'task-status';
/** ownerOf's caller without credentials (./owner.ts): such a caller's calls run inline. */
const ANONYMOUS = 'anonymous';
/** 2025-11-25 requests carry no client capabilities: a task whose creating POST took a stream may ask, on tasks/result's. */
const ASKED_ON_RESULT_STREAM = Object.freeze({ elicitation: {}, sampling: {} });
const isObject = (value: unknown): value is Params => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The bus could not answer (Redis down, the primary gone): 503 with Retry-After on /mcp, nothing lost. */
function unavailable(error: unknown): never {
  if (error instanceof BusUnavailableError) throw new JsonRpcError(JsonRpcErrorCode.ServerUnavailable, 'Cannot reach the task store right now; retry shortly');
  throw error;
}

function taskIdOf(params: Params): string {
  const id = params.taskId;
  if (typeof id !== 'string' || id.length === 0) throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, 'params.taskId must be a string');
  return id;
}

function notFound(id: string): JsonRpcError {
  // The same for an unknown, expired or another caller's task: nobody learns which ids exist.
  return new JsonRpcError(JsonRpcErrorCode.InvalidParams, `Task not found: ${echoed(id)}`);
}

export function createTasks({ bus, calls, logger, pending, limits, listenLimits, now = Date.now }: TasksOptions): Tasks {
  const store = new TaskStore(bus, { ...DEFAULT_TASK_LIMITS, ...limits }, now);
  const listeners = createTaskListeners(store, { ...DEFAULT_LISTEN_LIMITS, ...listenLimits });
  const changes = new TaskChanges();
  /** A record was written with a new status (here, or announced by another replica): all who follow it read it again. */
  const statusChanged = (id: string) => {
    listeners.changed(id);
    changes.changed(id);
  };
  const waiting = new Map<string, () => void>();
  const wakers: Wakers = {
    wait: (id, ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          if (waiting.get(id) === done) waiting.delete(id);
          resolve();
        }
        waiting.set(id, done);
      }),
    statusWritten(id, status) {
      statusChanged(id);
      bus.announce(STATUS_TOPIC, id, status);
    },
  };
  const wake = (id: string) => waiting.get(id)?.();
  // tasks/update on another replica: the runner here reads the answer at once rather than on its next look.
  bus.onAnnouncement(TOPIC, (id) => wake(id));
  bus.onAnnouncement(STATUS_TOPIC, statusChanged);

  async function read(params: Params, ctx: CoreContext): Promise<TaskRecord> {
    const id = taskIdOf(params);
    const record = await store.get(id, ownerOf(ctx.headers, ctx.principal)).catch(unavailable);
    if (record === undefined) throw notFound(id);
    return record;
  }

  async function cancel(params: Params, ctx: CoreContext): Promise<TaskRecord> {
    const record = await read(params, ctx);
    if (isTerminal(record.status)) {
      throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, `Task ${echoed(record.id)} has already ended (${record.status}): there is nothing to cancel`);
    }
    // Wherever the handler runs, its signal aborts (and the upstream request with it); it writes `cancelled`.
    bus.cancel(TASK_SCOPE(record.id), TASK_CALL);
    return { ...record, status: 'cancelled', statusMessage: 'The task was cancelled.' };
  }

  /**
   * 2025-11-25: a question of an input_required task, put to the client on this tasks/result stream with the
   * task named in `_meta` (the spec's "related-task"); its answer, POSTed to any replica, is routed here by
   * the pending requests, kept like a tasks/update answer, and wakes the runner wherever it runs.
   */
  function ask(record: TaskRecord, key: string, request: InputRequest, ctx: CoreContext): void {
    const notify = ctx.notify!;
    const params = { ...request.params, _meta: { ...(request.params._meta as Params | undefined), [RELATED_TASK]: { taskId: record.id } } };
    pending!
      .open(record.owner, ctx.signal, (id) => notify({ jsonrpc: '2.0', id, method: request.method, params }))
      .then(
        (answer) => store.putAnswer(record.id, key, answer, record.ttlMs),
        // An error answer is the client's refusal (it cannot ask its user): the handler's ctx.elicit resolves
        // unsupported. A stream that closed first leaves the question for the next tasks/result.
        (error: unknown) => (error instanceof ClientRequestError && error.reason === 'error' ? store.putRefusal(record.id, key, error.code ?? -32603, error.message, record.ttlMs) : Promise.reject(error)),
      )
      .then(
        () => {
          wake(record.id);
          bus.announce(TOPIC, record.id, 'answered');
        },
        () => undefined,
      );
  }

  /** 2025-11-25 tasks/result: waits for the end, then the tool's result (or the task's error); puts questions on its stream. */
  async function result(params: Params, ctx: CoreContext): Promise<unknown> {
    const asked = new Set<string>();
    const signal = abortSignalOf(ctx.signal);
    for (;;) {
      // Watched before the read: a status written between the read and the wait still wakes it.
      const watch = changes.watch(taskIdOf(params));
      try {
        const record = await read(params, ctx);
        if (record.status === 'completed') return { ...record.result, _meta: { ...(record.result?._meta as Params | undefined), [RELATED_TASK]: { taskId: record.id } } };
        if (record.status === 'failed') throw new JsonRpcError(record.error?.code ?? JsonRpcErrorCode.InternalError, record.error?.message ?? 'The task failed');
        if (record.status === 'cancelled') throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, `Task ${echoed(record.id)} was cancelled`);
        if (ctx.signal.aborted) throw new JsonRpcError(JsonRpcErrorCode.InternalError, 'The request was cancelled');
        if (record.status === 'input_required' && ctx.notify !== undefined && pending !== undefined) {
          for (const [key, request] of Object.entries(record.inputRequests ?? {})) {
            if (asked.has(key)) continue;
            asked.add(key);
            ask(record, key, request, ctx);
          }
        }
        // Woken by the task's next status; the lease bounds the wait for what announces nothing (a dead runner).
        await watch.changed(store.limits.leaseMs, signal);
      } finally {
        watch.stop();
      }
    }
  }

  async function update(params: Params, ctx: CoreContext): Promise<unknown> {
    const responses = params.inputResponses;
    if (!isObject(responses)) throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, 'params.inputResponses must be an object');
    const record = await read(params, ctx);
    const asked = record.inputRequests ?? {};
    const answers = Object.entries(responses).filter(([key, value]) => Object.hasOwn(asked, key) && isObject(value)) as Array<[string, Params]>;
    // Acknowledged even when nothing is taken (an answer to a question already answered): eventually consistent.
    await Promise.all(answers.map(([key, value]) => store.putAnswer(record.id, key, value, record.ttlMs))).catch(unavailable);
    if (answers.length > 0) {
      wake(record.id);
      bus.announce(TOPIC, record.id, 'answered');
    }
    return {};
  }

  const methods: Array<[string, Method]> = [
    [
      'tasks/get',
      async (params, ctx) => {
        const record = await read(params, ctx);
        return record.era === 'modern' && isObject(params._meta) && META.protocolVersion in params._meta ? detailedTask(record) : handshakeTask(record);
      },
    ],
    ['tasks/update', update],
    [
      'tasks/cancel',
      async (params, ctx) => {
        const record = await cancel(params, ctx);
        return isObject(params._meta) && META.protocolVersion in params._meta ? {} : handshakeTask(record);
      },
    ],
    ['tasks/result', result],
    // 2026-07-28: `notifications/tasks` for the caller's tasks it names, on this POST's stream (./listen.ts).
    ['subscriptions/listen', (params, ctx, id) => listeners.listen(params, ctx, id, ownerOf(ctx.headers, ctx.principal))],
    [
      'tasks/list',
      async (_params, ctx) => {
        const records = await store.list(ownerOf(ctx.headers, ctx.principal)).catch(unavailable);
        return { tasks: records.filter((record) => record.era === 'handshake').map(handshakeTask) };
      },
    ],
  ];

  async function create(params: Params, ctx: CoreContext, tool: string, modern: boolean, start: TaskStart): Promise<unknown> {
    const owner = ownerOf(ctx.headers, ctx.principal);
    const refusal = await store.refusal(owner).catch(unavailable);
    if (refusal !== undefined) return errorResult(refusal);
    const requested = modern ? undefined : (params.task as Params).ttl;
    const ttlMs = typeof requested === 'number' && requested > 0 ? Math.min(Math.max(requested, 60_000), store.limits.maxTtlMs) : store.limits.ttlMs;
    const at = new Date(now()).toISOString();
    const record: TaskRecord = {
      id: randomBytes(16).toString('base64url'),
      owner,
      tool,
      era: modern ? 'modern' : 'handshake',
      status: 'working',
      createdAt: at,
      lastUpdatedAt: at,
      ttlMs,
      pollIntervalMs: store.limits.pollIntervalMs,
      lease: 0,
    };
    const run = new TaskRun(record, store, calls, wakers, logger, now);
    // Written before the client hears of it, so a tasks/get to any replica finds it.
    await run.save().catch(unavailable);
    await store.remember(record).catch(() => undefined); // the index only bounds and lists: best effort
    const meta = params._meta as Params | undefined;
    const declared = meta?.[META.clientCapabilities];
    run.start(start, modern ? (isObject(declared) ? declared : {}) : ctx.notify !== undefined && pending !== undefined ? ASKED_ON_RESULT_STREAM : undefined);
    logger.info({ task: record.id, tool }, 'task started');
    return modern ? { resultType: 'task', ...modernTask(record) } : { task: handshakeTask(record) };
  }

  return {
    modernCapabilities: Object.freeze({ extensions: Object.freeze({ [TASKS_EXTENSION]: Object.freeze({}) }) }),
    handshakeCapabilities: Object.freeze({ tasks: Object.freeze({ list: {}, cancel: {}, requests: { tools: { call: {} } } }) }),
    statelessMethods: ['tasks/get', 'tasks/update', 'tasks/cancel', 'subscriptions/listen'],
    handshakeMethods: ['tasks/get', 'tasks/result', 'tasks/cancel', 'tasks/list'],
    methods,
    asked(params, modern, ctx) {
      const declared = (params._meta as Params | undefined)?.[META.clientCapabilities];
      const asks = modern ? isObject(declared) && isObject(declared.extensions) && isObject(declared.extensions[TASKS_EXTENSION]) : isObject(params.task);
      return asks && ownerOf(ctx.headers, ctx.principal) !== ANONYMOUS;
    },
    create,
  };
}
