// The primary's drain barrier (src/cluster/drain-barrier.ts) at the moment a worker exits: the worker can
// still look connected while its IPC channel is gone. A send without a callback then makes Node emit an
// 'error' on the worker, which killed the primary during a shutdown of WORKERS=2 with Redis (exit 1, EPIPE
// in DrainBarrier.check). A real child process stands in for the worker: its channel really is closed.
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { DrainBarrier } from '../../src/cluster/drain-barrier';

/** A child that exits at once, after its IPC channel has closed. */
async function exitedChild(): Promise<ChildProcess> {
  const child = fork('-e', ['process.exit(0)'], { execArgv: [], stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
  await Promise.all([once(child, 'exit'), child.connected ? once(child, 'disconnect') : Promise.resolve()]);
  return child;
}

describe('the drain barrier', () => {
  it('tells every live worker once all have drained, and survives one whose channel closed as it exited', async () => {
    const gone = await exitedChild();
    const errors: Error[] = [];
    gone.on('error', (error: Error) => errors.push(error));
    const sendFailures: Array<Error | null> = [];
    // As a Worker looks in that instant: connected by its own account, its channel already closed.
    const stale = {
      isConnected: () => true,
      send: (message: object, callback?: (error: Error | null) => void) =>
        gone.send(message, callback && ((error: Error | null) => (sendFailures.push(error), callback(error)))),
    };
    const received: object[] = [];
    const healthy = { isConnected: () => true, send: (message: object, callback?: (error: Error | null) => void) => (received.push(message), callback?.(null)) };
    const barrier = new DrainBarrier(new Set([stale, healthy]));

    expect(barrier.receive(healthy, { drain: 'done' })).toBe(true);
    expect(received).toEqual([]);
    expect(barrier.receive(stale, { drain: 'done' })).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));

    expect(received).toEqual([{ drain: 'all' }]);
    // The failed send reached its callback instead of becoming an 'error' event on the worker.
    expect(sendFailures).toHaveLength(1);
    expect(sendFailures[0]).toMatchObject({ code: 'ERR_IPC_CHANNEL_CLOSED' });
    expect(errors).toEqual([]);
  });

  it('ignores messages that are not its own', () => {
    const barrier = new DrainBarrier(new Set());
    expect(barrier.receive({ isConnected: () => true, send: () => true }, { bus: 'ready' })).toBe(false);
  });
});
