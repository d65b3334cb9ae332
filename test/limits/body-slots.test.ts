// createBodySlots (src/limits/body-slots.ts): the per-client cap, the total from the memory budget, and
// slots given back exactly once.
import { createBodySlots, type BodySlot } from '../../src/limits';

const released = (slot: BodySlot) => {
  if (!slot.ok) throw new Error(`refused: ${slot.refusal}`);
  return () => slot.release();
};

describe('createBodySlots', () => {
  it('a client at its cap is refused while others are not, and a release makes room again', () => {
    const slots = createBodySlots({ perClient: 2, maxBodyBytes: 1_048_576 });
    const first = released(slots.take('a'));
    released(slots.take('a'));
    expect(slots.take('a')).toEqual({ ok: false, refusal: 'client' });
    expect(slots.take('b').ok).toBe(true);
    first();
    first(); // a second release gives back nothing more
    expect(slots.size).toBe(2);
    expect(slots.take('a').ok).toBe(true);
    expect(slots.take('a')).toEqual({ ok: false, refusal: 'client' });
  });

  it('the total is the budget divided by the largest body, and binds every client', () => {
    const slots = createBodySlots({ perClient: 0, maxBodyBytes: 1_048_576, budgetBytes: 3 * 1_048_576 });
    expect(slots.total).toBe(3);
    for (const client of ['a', 'b', 'c']) released(slots.take(client));
    expect(slots.take('d')).toEqual({ ok: false, refusal: 'total' });
  });

  it('the default budget is 128 MiB, and at least one body is always let in', () => {
    expect(createBodySlots({ perClient: 8, maxBodyBytes: 1_048_576 }).total).toBe(128);
    expect(createBodySlots({ perClient: 8, maxBodyBytes: 64 * 1_048_576 }).total).toBe(2);
    expect(createBodySlots({ perClient: 8, maxBodyBytes: 256 * 1_048_576 }).total).toBe(1);
  });
});

describe('createBodySlots memory', () => {
  it('clients that come and go leave a bounded count behind, and a swept client starts again from zero', () => {
    const slots = createBodySlots({ perClient: 2, maxBodyBytes: 1_048_576, budgetBytes: 8 * 1_048_576 });
    const held = released(slots.take('stays'));
    for (let i = 0; i < 10_000; i += 1) released(slots.take(`client-${i}`))();
    expect(slots.size).toBe(1);
    expect(slots.clients).toBeLessThanOrEqual(2 * slots.total + 64 + 1);
    // The client still holding a slot kept its count through every sweep.
    released(slots.take('stays'));
    expect(slots.take('stays')).toEqual({ ok: false, refusal: 'client' });
    held();
    expect(released(slots.take('client-0'))).toEqual(expect.any(Function));
    expect(slots.size).toBe(2); // one of "stays", one of client-0
  });
});
