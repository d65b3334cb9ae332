// Answers parked in Redis for a session held here are written on its stream once, whichever claims read
// them and in whatever order their replies are handled: ioredis settles a pipeline (the refresh's claims)
// a few promise hops after a single command whose reply came in the same read, so a claim Redis ran before
// an answer's removal can be handled after the removal is confirmed. On the shared Redis, a prefix per file.
import { Redis } from 'ioredis';
import { createLogger } from '../../../src/logger';
import { SerializedMessage } from '../../../src/sessions/bus';
import { openRedisConnections, type RedisConnections } from '../../../src/sessions/redis';
import { whenReady } from '../../../src/sessions/redis/connections';
import { ParkedAnswers } from '../../../src/sessions/redis/parked';
import { scriptCommands, type ScriptCommands } from '../../../src/sessions/redis/scripts';
import { redisNames } from '../../../src/sessions/redis/wire';
import { deleteKeys, SHARED_REDIS_URL, uniquePrefix } from '../../support/redis';
import { until } from '../../support/wait';

const prefix = uniquePrefix();
const names = redisNames(prefix);
const logger = createLogger({ level: 'silent', destination: process.stderr });
let connections: RedisConnections;
let scripts: ScriptCommands;
let watcher: Redis;

beforeAll(async () => {
  connections = openRedisConnections({ url: SHARED_REDIS_URL, logger, name: `${prefix}parked` });
  scripts = scriptCommands(connections.commands);
  watcher = new Redis(SHARED_REDIS_URL);
  await whenReady(connections, 5_000);
  expect(connections.ready).toBe(true);
});

afterAll(async () => {
  await connections.close();
  await deleteKeys(SHARED_REDIS_URL, prefix);
  watcher.disconnect();
});

function parkedAnswers(rememberMs: number) {
  const written: string[] = [];
  const failures: string[] = [];
  /** Each removal as sent: awaited after the class's own handler, so a test knows it has run. */
  const removals: Promise<number>[] = [];
  const parked = new ParkedAnswers({
    names,
    ack: (key, ...answers) => {
      const removal = scripts.ack(key, ...answers);
      removals.push(removal);
      return removal;
    },
    rememberMs,
    claimed: () => undefined,
    dropped: (_session, why) => failures.push(why),
    failed: (what, error) => failures.push(`${what}: ${error.message}`),
  });
  const sink = (message: object) => written.push(message instanceof SerializedMessage ? message.json : JSON.stringify(message));
  return { parked, written, failures, sink, removals };
}

const claim = (sessionId: string) => scripts.claim(names.session(sessionId), names.parked(sessionId), 'holder@3', 10_000);

/** Parks `answers` for `sessionId` as the route script does, and returns them as a claim reads them. */
async function park(sessionId: string, ...answers: string[]): Promise<string[]> {
  await watcher.rpush(names.parked(sessionId), ...answers);
  return claim(sessionId);
}

describe('ParkedAnswers', () => {
  it('writes an answer once when a claim that read it before its removal is handled after the removal is confirmed', async () => {
    const { parked, written, failures, sink, removals } = parkedAnswers(60_000);
    const answer = '{"jsonrpc":"2.0","id":2,"result":{"content":[]}}';
    // Two claims read the answer before either's reply is handled: the refresh's and the `parked` notice's.
    await watcher.rpush(names.parked('s1'), answer);
    const [early, late] = await Promise.all([claim('s1'), claim('s1')]);
    expect(late).toEqual([answer]);

    parked.collected('s1', early, sink);
    expect(await removals[0]).toBe(1);
    expect(await watcher.exists(names.parked('s1'))).toBe(0);
    parked.collected('s1', late, sink);

    expect(written).toEqual([answer]);
    expect(failures).toEqual([]);
  });

  it('writes the same text again once the removal of the first has been confirmed for longer than it remembers', async () => {
    const { parked, written, sink, removals } = parkedAnswers(60_000);
    const note = '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"same"}}';
    parked.collected('s2', await park('s2', note), sink);
    await removals[0];
    // Parked again later (a second notification with the same words): past the remembered while, written.
    parked.collected('s2', await park('s2', note), sink, performance.now() + 60_001);
    expect(written).toEqual([note, note]);
  });

  it('keeps skipping an answer whose removal is not confirmed, however long that takes', async () => {
    const refusing = parkedAnswers(10);
    const failing = new ParkedAnswers({
      names,
      ack: () => Promise.reject(new Error('Command timed out')),
      rememberMs: 10,
      claimed: () => undefined,
      dropped: () => undefined,
      failed: (what, error) => refusing.failures.push(`${what}: ${error.message}`),
    });
    const answer = '{"jsonrpc":"2.0","id":7,"result":{}}';
    const read = await park('s3', answer);
    failing.collected('s3', read, refusing.sink);
    await until(() => refusing.failures.length === 1);
    failing.collected('s3', read, refusing.sink, performance.now() + 3_600_000);
    expect(refusing.written).toEqual([answer]);
    expect(refusing.failures).toEqual(['collect: Command timed out']);
  });

  it('forgets what it wrote for a session whose stream closed here', async () => {
    const { parked, written, sink } = parkedAnswers(60_000);
    const answer = '{"jsonrpc":"2.0","id":9,"result":{}}';
    const read = await park('s4', answer);
    parked.collected('s4', read, sink);
    parked.forget('s4');
    parked.collected('s4', read, sink);
    expect(written).toEqual([answer, answer]);
  });
});
