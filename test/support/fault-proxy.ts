// A fault-injecting TCP proxy between replicas and a real Redis, on plain node:net: latency
// per round trip, a partition without RST (nothing forwarded, sockets kept open, held bytes delivered at
// the heal as TCP would retransmit them), reset storms, injected error replies for chosen commands, a
// slow subscriber (latency on the connections that have sent SUBSCRIBE only), and a wait for a command to
// pass (a test acts at the moment a replica has sent it).
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { CommandSplitter, type Command } from './resp';

export interface FaultProxy {
  readonly url: string;
  /** Delay added to every chunk in each direction (a round trip costs twice this). */
  latency(ms: number): void;
  /** Delay added to what Redis sends to subscribed connections only. */
  slowSubscribers(ms: number): void;
  /** Stops forwarding in both directions; sockets stay open. */
  partition(): void;
  /** Forwards again, held bytes first. */
  heal(): void;
  /** Destroys every open connection with an RST; new connections are accepted. */
  reset(): void;
  /** Commands named here (lower case) are answered `-<reply>` by Redis itself instead of running. */
  failCommands(names: readonly string[], reply: string): void;
  /** Stops injecting errors. */
  clearErrors(): void;
  /** Connections accepted so far. */
  readonly accepted: number;
  /** Resolves when a client sends a command matching `match` (from now on), as the proxy forwards it. */
  commandSent(match: (command: Command) => boolean): Promise<Command>;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  redis: Socket;
  subscribed: boolean;
}

/** Starts a proxy on a free loopback port in front of `target` (host:port). */
export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const pairs = new Set<Pair>();
  let latencyMs = 0;
  let subscriberMs = 0;
  let partitioned = false;
  let errors: { names: Set<string>; reply: string } | undefined;
  let accepted = 0;
  const watchers = new Set<(command: Command) => boolean>();
  /** Writes held during a partition, in order, per destination. */
  const held: Array<() => void> = [];

  const send = (to: Socket, chunk: Buffer, delayMs: number) => {
    const write = () => {
      if (!to.destroyed) to.write(chunk);
    };
    const go = () => (delayMs > 0 ? setTimeout(write, delayMs) : write());
    if (partitioned) held.push(go);
    else go();
  };

  const server: Server = createServer((client) => {
    accepted += 1;
    const redis = connect(target.port, target.host);
    const pair: Pair = { client, redis, subscribed: false };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      redis.destroy();
    };
    client.on('error', end).on('close', end);
    redis.on('error', end).on('close', end);
    const splitter = new CommandSplitter();
    client.on('data', (chunk: Buffer) => {
      const commands = splitter.push(chunk);
      if (commands.length === 0) return;
      if (commands.some((command) => command.name === 'subscribe')) pair.subscribed = true;
      send(redis, Buffer.concat(commands.map((command) => inject(command, errors))), latencyMs);
      for (const watcher of watchers) for (const command of commands) if (watcher(command)) break;
    });
    redis.on('data', (chunk: Buffer) => send(client, chunk, latencyMs + (pair.subscribed ? subscriberMs : 0)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `redis://127.0.0.1:${port}`,
    latency: (ms) => void (latencyMs = ms),
    slowSubscribers: (ms) => void (subscriberMs = ms),
    partition: () => void (partitioned = true),
    heal() {
      partitioned = false;
      for (const go of held.splice(0)) go();
    },
    reset() {
      for (const pair of pairs) {
        pair.client.resetAndDestroy();
        pair.redis.destroy();
      }
      pairs.clear();
    },
    failCommands: (names, reply) => void (errors = { names: new Set(names), reply }),
    clearErrors: () => void (errors = undefined),
    get accepted() {
      return accepted;
    },
    commandSent(match) {
      return new Promise((resolve) => {
        const watcher = (command: Command) => {
          if (!match(command)) return false;
          watchers.delete(watcher);
          resolve(command);
          return true;
        };
        watchers.add(watcher);
      });
    },
    close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.redis.destroy();
      }
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A chosen command becomes an EVAL that returns the error reply, so Redis answers it in its place in the
 * reply order: the proxy never has to parse or reorder replies.
 */
function inject(command: Command, errors: { names: Set<string>; reply: string } | undefined): Buffer {
  if (!errors?.names.has(command.name)) return command.bytes;
  const args = ['EVAL', `return redis.error_reply(${JSON.stringify(errors.reply)})`, '0'];
  return Buffer.from(`*${args.length}\r\n${args.map((arg) => `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`).join('')}`);
}
