// The task-change watches on their own (src/mcp/core/tasks/changes.ts): a change heard between `watch` and
// the wait is not missed, another task's change does not wake it, and an abort ends the wait.
import { TaskChanges } from '../../../../src/mcp/core/tasks/changes';

const HOUR = 3_600_000;

describe('TaskChanges', () => {
  it('a change heard between watch and the wait wakes it at once; another task does not', async () => {
    const changes = new TaskChanges();
    const watch = changes.watch('t1');
    changes.changed('t2');
    changes.changed('t1');
    await watch.changed(HOUR, new AbortController().signal); // the test's timeout would fail a wait for the hour
  });

  it('a change while waiting wakes the waiter; an abort wakes another', async () => {
    const changes = new TaskChanges();
    const controller = new AbortController();
    const [first, second] = [changes.watch('t1'), changes.watch('t1')];
    const order: string[] = [];
    const woken = first.changed(HOUR, new AbortController().signal).then(() => order.push('changed'));
    const aborted = second.changed(HOUR, controller.signal).then(() => order.push('aborted'));
    controller.abort();
    await aborted;
    changes.changed('t1');
    await woken;
    expect(order).toEqual(['aborted', 'changed']);
  });
});
