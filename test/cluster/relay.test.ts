// The primary's relay and two workers' buses in one process, joined by in-memory channels that behave
// like cluster IPC (asynchronous, in order). The processes themselves are tested in workers.test.ts.
import { EventEmitter } from 'node:events';
import type { Worker } from 'node:cluster';
import { ClusterBus, type PrimaryChannel } from '../../src/cluster/cluster-bus';
import type { WorkerMessage } from '../../src/cluster/messages';
import { SessionRelay } from '../../src/cluster/relay';
import { clusterReadiness } from '../../src/cluster/readiness';
import { BusUnavailableError } from '../../src/sessions/bus';
import { CallTracker } from '../../src/sessions/calls';

/** One worker's end (its bus's channel) and the primary's end (a Worker as the relay sees it). */
function link() {
  const toPrimary = new EventEmitter();
  const toWorker = new EventEmitter();
  const sent: WorkerMessage[] = [];
  const channel: PrimaryChannel = {
    connected: true,
    send(message, callback) {
      sent.push(message);
      setImmediate(() => {
        toPrimary.emit('message', message);
        callback(null);
      });
      return true;
    },
    on: (event, listener) => toWorker.on(event, listener),
    off: (event, listener) => toWorker.off(event, listener),
  };
  const worker = Object.assign(toPrimary, {
    isConnected: () => true,
    send(message: unknown, callback?: () => void) {
      setImmediate(() => {
        toWorker.emit('message', message);
        callback?.();
      });
      return true;
    },
  }) as unknown as Worker;
  return { channel, worker, sent };
}

/**
 * Lets every message in flight arrive: the channels and the outboxes hand on with setImmediate, so a few
 * turns of the event loop carry any exchange here to its end. (A 5 ms timer raced them on a busy machine.)
 */
const settle = async (): Promise<void> => {
  for (let turn = 0; turn < 12; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('routing through the primary (WORKERS>1 without Redis)', () => {
  const relay = new SessionRelay();
  const a = link();
  const b = link();
  relay.adopt(a.worker);
  relay.adopt(b.worker);
  const busA = new ClusterBus(new CallTracker(), a.channel);
  const busB = new ClusterBus(new CallTracker(), b.channel);
  afterAll(() => Promise.all([busA.close(), busB.close()]));

  it('asks the primary once where a session is held, then relays each answer to its holder', async () => {
    const received: object[] = [];
    busA.attach('s1', (message) => received.push(message));
    await settle();
    expect(await busB.locate('s1')).toBe('elsewhere');
    expect(await busB.locate('s1')).toBe('elsewhere');
    expect(b.sent.filter((m) => m.bus === 'locate')).toHaveLength(1);
    busB.deliver('s1', { id: 1 });
    busB.deliver('s1', { id: 2 });
    await settle();
    expect(received).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await busA.locate('s1')).toBe('here');
  });

  it('forgets a session held elsewhere once its stream closes: the next POST gets 404', async () => {
    busA.attach('s2', () => undefined);
    await settle();
    expect(await busB.locate('s2')).toBe('elsewhere');
    busA.detach('s2');
    await settle();
    expect(await busB.locate('s2')).toBe('gone');
  });

  it("a worker's attach settles once the primary has recorded the session, so its endpoint event never runs ahead of a locate", async () => {
    const before = relay.size;
    const attached = busA.attach('s4', () => undefined);
    expect(attached).toBeInstanceOf(Promise);
    await attached;
    expect(relay.size).toBe(before + 1);
    expect(await busB.locate('s4')).toBe('elsewhere');
  });

  it('claims a key once across the workers: the primary holds the claims (a requestState used on A is refused on B)', async () => {
    expect(await busA.claimOnce('state:n1', 60_000)).toBe(true);
    expect(await busB.claimOnce('state:n1', 60_000)).toBe(false);
    expect(await busA.claimOnce('state:n1', 60_000)).toBe(false);
    expect(await busB.claimOnce('state:n2', 60_000)).toBe(true);
  });

  it('relays an announcement to every other worker, not back to the one that made it', async () => {
    const heardA: string[] = [];
    const heardB: string[] = [];
    busA.onAnnouncement('log-level', (key, value) => heardA.push(`${key}=${value}`));
    busB.onAnnouncement('log-level', (key, value) => heardB.push(`${key}=${value}`));
    busB.onAnnouncement('other', (key) => heardB.push(`other ${key}`));
    busA.announce('log-level', 'owner-1', 'warning');
    await settle();
    expect(heardB).toEqual(['owner-1=warning']);
    expect(heardA).toEqual([]);
  });

  it('forgets every session of a worker that exits', async () => {
    busA.attach('s3', () => undefined);
    await settle();
    expect(await busB.locate('s3')).toBe('elsewhere');
    relay.forget(a.worker);
    await settle();
    expect(await busB.locate('s3')).toBe('gone');
  });
});

describe('a worker whose primary is gone', () => {
  it('refuses a claim with BusUnavailableError rather than grant it', async () => {
    const { channel } = link();
    const bus = new ClusterBus(new CallTracker(), { ...channel, connected: false, on: channel.on, off: channel.off, send: channel.send });
    await expect(bus.claimOnce('state:n3', 60_000)).rejects.toBeInstanceOf(BusUnavailableError);
    await bus.close();
  });
});

describe("a worker's readiness (/health's workers check)", () => {
  it('fails until the primary says every worker listens, then holds', async () => {
    const channel = new EventEmitter();
    const check = clusterReadiness(channel);
    await expect(check.check(AbortSignal.timeout(1000))).rejects.toThrow('not every worker is listening yet');
    channel.emit('message', { bus: 'deliver', d: [] });
    await expect(check.check(AbortSignal.timeout(1000))).rejects.toThrow();
    channel.emit('message', { bus: 'ready' });
    await expect(check.check(AbortSignal.timeout(1000))).resolves.toBeUndefined();
    expect(channel.listenerCount('message')).toBe(0);
    expect(check.name).toBe('workers');
  });
});
