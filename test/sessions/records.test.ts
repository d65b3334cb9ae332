// RecordStore: the memory bus's and the cluster primary's records (a task's): kept until their expiry,
// bounded, the oldest written going first when full.
import { RecordStore } from '../../src/sessions/records';

describe('RecordStore', () => {
  it('keeps a record until its expiry, and a rewrite extends it', () => {
    let now = 1_000;
    const store = new RecordStore(10, () => now);
    store.put('task:a', '{"status":"working"}', 100);
    now += 99;
    expect(store.get('task:a')).toBe('{"status":"working"}');
    store.put('task:a', '{"status":"completed"}', 100);
    now += 99;
    expect(store.get('task:a')).toBe('{"status":"completed"}');
    now += 1;
    expect(store.get('task:a')).toBeUndefined();
    expect(store.get('task:never')).toBeUndefined();
  });

  it('when full, drops expired records first, then the oldest written', () => {
    let now = 0;
    const store = new RecordStore(3, () => now);
    store.put('old', '1', 10);
    store.put('b', '2', 1_000);
    store.put('c', '3', 1_000);
    now = 20; // 'old' has expired
    store.put('d', '4', 1_000);
    expect([store.get('old'), store.get('b'), store.get('c'), store.get('d')]).toEqual([undefined, '2', '3', '4']);
    store.put('e', '5', 1_000); // full of live records: 'b', the oldest written, goes
    expect([store.get('b'), store.get('c'), store.get('e')]).toEqual([undefined, '3', '5']);
    expect(store.size).toBe(3);
  });
});
