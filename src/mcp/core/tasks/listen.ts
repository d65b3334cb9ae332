// Task status notifications (the Tasks extension, 2026-07-28: "Task Status Notifications"): a client's
// `subscriptions/listen` naming `notifications.taskIds` gets, on that POST's event stream, the
// acknowledgement with the ids it may follow (its own, still kept), then `notifications/tasks` carrying
// what tasks/get would answer at that moment, once at once and again on each status change, until every
// task it follows has ended. A change on another replica arrives as a bus announcement (the record stays
// the truth: a listener reads it again); a runner that died says nothing, so each listener also reads its
// tasks again once per lease. Bounded: ids per listen, listens per caller, listens per process.
import { abortSignalOf } from '../../../call-signal';
import type { CoreContext, Params } from '../context';
import { JsonRpcError, JsonRpcErrorCode, type RequestId } from '../../../protocol/jsonrpc';
import { META } from '../../../protocol/versions';
import { detailedTask, isTerminal, TASKS_EXTENSION, type TaskRecord } from './record';
import type { TaskStore } from './store';

/** `_meta` key naming the subscription on each of its notifications (2026-07-28 subscriptions/listen). */
export const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
/** -32021: the request needs a client capability it did not declare (2026-07-28). */
export const MISSING_CAPABILITY = -32021;

export interface ListenLimits {
  /** Task ids one listen may follow; the rest are not acknowledged. */
  maxIdsPerListen: number;
  /** Listens one caller may hold open at once on this process. */
  maxPerCaller: number;
  /** Listens this process holds open at once, all callers together. */
  maxOpen: number;
}

export const DEFAULT_LISTEN_LIMITS: ListenLimits = Object.freeze({ maxIdsPerListen: 20, maxPerCaller: 4, maxOpen: 1_000 });

const isObject = (value: unknown): value is Params => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One open listen: the tasks it still follows and the status each was last sent with. */
class Listener {
  private reading: Promise<void> = Promise.resolve();
  /** Looks in a row that found no record, by task. */
  private readonly missed = new Map<string, number>();
  private ended!: () => void;
  readonly done = new Promise<void>((resolve) => (this.ended = resolve));

  constructor(
    readonly owner: string,
    readonly sent: Map<string, string>,
    private readonly store: TaskStore,
    private readonly send: (record: TaskRecord) => void,
  ) {}

  /** Reads task `id` again (one read at a time per listener) and sends it when its status changed. */
  refresh(id: string): Promise<void> {
    this.reading = this.reading.then(async () => {
      if (!this.sent.has(id)) return;
      let record: TaskRecord | undefined;
      try {
        record = await this.store.get(id, this.owner);
      } catch {
        return; // the bus is out of reach: the next look
      }
      if (record === undefined) {
        // Gone (expired, or lost with Redis and its runner): followed no longer once missed twice in a row,
        // so a record its runner writes again at its next beat is not dropped on one look.
        const misses = (this.missed.get(id) ?? 0) + 1;
        this.missed.set(id, misses);
        if (misses >= 2) this.forget(id);
        return;
      }
      this.missed.delete(id);
      if (record.status === this.sent.get(id)) return;
      this.send(record);
      if (isTerminal(record.status)) this.forget(id);
      else this.sent.set(id, record.status);
    });
    return this.reading;
  }

  private forget(id: string): void {
    this.sent.delete(id);
    this.missed.delete(id);
    if (this.sent.size === 0) this.ended();
  }

  refreshAll(): Promise<void> {
    return Promise.all([...this.sent.keys()].map((id) => this.refresh(id))).then(() => undefined);
  }
}

export interface TaskListeners {
  /** The `subscriptions/listen` method: resolves (ending the stream) once every task followed has ended. */
  listen(params: Params, ctx: CoreContext, id: RequestId, owner: string): Promise<unknown>;
  /** Task `id`'s status changed (here, or on another replica): its listeners here read it again. */
  changed(id: string): void;
}

export function createTaskListeners(store: TaskStore, limits: ListenLimits = DEFAULT_LISTEN_LIMITS): TaskListeners {
  const byTask = new Map<string, Set<Listener>>();
  const perCaller = new Map<string, number>();
  let open = 0;

  function requested(params: Params): string[] {
    const notifications = params.notifications;
    if (!isObject(notifications)) throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, 'params.notifications must be an object');
    const ids = notifications.taskIds;
    if (ids === undefined) return [];
    if (!Array.isArray(ids) || !ids.every((taskId) => typeof taskId === 'string')) throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, 'params.notifications.taskIds must be an array of strings');
    return [...new Set(ids as string[])].filter((taskId) => taskId.length > 0 && taskId.length <= 100).slice(0, limits.maxIdsPerListen);
  }

  async function listen(params: Params, ctx: CoreContext, id: RequestId, owner: string): Promise<unknown> {
    const ids = requested(params);
    const declared = isObject(params._meta) ? params._meta[META.clientCapabilities] : undefined;
    if (ids.length > 0 && !(isObject(declared) && isObject(declared.extensions) && isObject(declared.extensions[TASKS_EXTENSION]))) {
      throw new JsonRpcError(MISSING_CAPABILITY, 'Missing required client capability', { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
    }
    const notify = ctx.notify;
    if (notify === undefined) throw new JsonRpcError(JsonRpcErrorCode.InvalidRequest, 'subscriptions/listen answers on an event stream: send Accept: text/event-stream');
    const mine = perCaller.get(owner) ?? 0;
    if (open >= limits.maxOpen || mine >= limits.maxPerCaller) {
      throw new JsonRpcError(JsonRpcErrorCode.ServerUnavailable, `Too many open subscriptions${open >= limits.maxOpen ? '' : ' for this caller'}; close one, or poll tasks/get`);
    }
    // The slot is taken before the first await: listens arriving together cannot all pass the bound.
    open += 1;
    perCaller.set(owner, mine + 1);
    try {
      return await follow(ids, ctx, notify, { [SUBSCRIPTION_ID]: id }, owner);
    } finally {
      open -= 1;
      const left = (perCaller.get(owner) ?? 1) - 1;
      if (left === 0) perCaller.delete(owner);
      else perCaller.set(owner, left);
    }
  }

  /** Acknowledges the caller's tasks among `ids`, sends each as it is now and on each change, until all ended. */
  async function follow(ids: string[], ctx: CoreContext, notify: NonNullable<CoreContext['notify']>, stamp: Params, owner: string): Promise<unknown> {
    // Another caller's task, or an unknown or expired one, is simply not acknowledged (nobody learns which ids exist).
    const records = (await Promise.all(ids.map((taskId) => store.get(taskId, owner).catch(() => undefined)))).filter((record): record is TaskRecord => record !== undefined);
    notify({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { notifications: ids.length > 0 ? { taskIds: records.map((record) => record.id) } : {}, _meta: stamp } });
    let closed = false; // nothing more is written once the client left, the server stops, or the stream ended
    const send = (record: TaskRecord) => {
      if (!closed) notify({ jsonrpc: '2.0', method: 'notifications/tasks', params: { ...detailedTask(record), _meta: stamp } });
    };
    // What tasks/get answers now, so a change between the tools/call and this listen is never missed.
    for (const record of records) send(record);
    const following = records.filter((record) => !isTerminal(record.status));
    if (following.length === 0 || ctx.signal.aborted) return { _meta: stamp };

    const listener = new Listener(owner, new Map(following.map((record) => [record.id, record.status])), store, send);
    for (const record of following) {
      const set = byTask.get(record.id);
      if (set) set.add(listener);
      else byTask.set(record.id, new Set([listener]));
    }
    const sweep = setInterval(() => void listener.refreshAll(), store.limits.leaseMs);
    sweep.unref();
    const signal = abortSignalOf(ctx.signal);
    try {
      await new Promise<void>((resolve) => {
        void listener.done.then(resolve);
        if (signal.aborted) resolve();
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
    } finally {
      closed = true;
      clearInterval(sweep);
      for (const record of following) {
        const set = byTask.get(record.id);
        set?.delete(listener);
        if (set?.size === 0) byTask.delete(record.id);
      }
    }
    return { _meta: stamp };
  }

  return {
    listen,
    changed(taskId) {
      for (const listener of byTask.get(taskId) ?? []) void listener.refresh(taskId);
    },
  };
}
