// The keep-alive connection pool to the customer's API, one request per connection, which opens no
// connection for a request that was already cancelled (see docs/upstream-connections.md).
import { Agent, Client, Pool, errors as undiciErrors, type buildConnector, type Dispatcher } from 'undici';

export interface ApiAgentOptions {
  /** Connections per origin, which also caps concurrent calls to it; null: no limit. */
  connections: number | null;
  /** Time to open a connection (TCP and TLS). */
  connectTimeoutMs: number;
  /** An idle connection is closed after this unless the API's Keep-Alive header asks for less (default 30 s). */
  keepAliveTimeoutMs?: number;
}

/** Given to undici instead of a socket when the only request a connection was wanted for is cancelled. */
export class NothingToSendError extends Error {
  override name = 'NothingToSendError';
  // Not undici's UND_ERR_INFO or UND_ERR_SOCKET: with any other code undici drops the queued (cancelled)
  // request instead of retrying the connection for it.
  readonly code = 'UPSTREAM_NOTHING_TO_SEND';
  constructor() {
    super('the request this connection was for was cancelled');
  }
}

/** How undici 7 reports a connection it destroyed because its request was aborted. */
function isAbortClose(error: unknown): boolean {
  return error instanceof undiciErrors.InformationalError && error.message === 'aborted';
}

/**
 * A Client that declines the connection undici 7 asks for right after an aborted request. Its abort
 * destroys the socket as "informational", and the socket's close then puts the aborted request back in
 * the queue as if it had never been sent, which makes the client connect again only to drop it. That
 * connect is synchronous within the close (after the 'disconnect' event), so a flag set by 'disconnect'
 * and cleared a microtask later marks exactly it. A request queued in the pool meanwhile would use the
 * connection, so then it is opened as usual.
 */
function clientSkippingAbortedReconnects(origin: URL, options: Client.Options, queuedInPool: () => number): Client {
  const connector = options.connect as buildConnector.connector;
  let afterAbort = false;
  const client: Client = new Client(origin, {
    ...options,
    connect(params, callback) {
      const wasted = afterAbort && client.stats.pending === 1 && client.stats.running === 0 && queuedInPool() === 0;
      afterAbort = false;
      if (!wasted) return connector(params, callback);
      // undici then drops the cancelled request and this client (empty, unconnected) from the pool.
      process.nextTick(callback, new NothingToSendError(), null);
    },
  });
  client.on('disconnect', (_origin: URL, _targets: readonly Dispatcher[], error: Error) => {
    if (!isAbortClose(error)) return;
    afterAbort = true;
    queueMicrotask(() => (afterAbort = false));
  });
  return client;
}

export function createApiAgent({ connections, connectTimeoutMs, keepAliveTimeoutMs = 30_000 }: ApiAgentOptions): Agent {
  return new Agent({
    connections,
    pipelining: 1,
    connect: { timeout: connectTimeoutMs },
    keepAliveTimeout: keepAliveTimeoutMs,
    factory(origin, options) {
      const pool: Pool = new Pool(origin, {
        ...(options as Pool.Options),
        factory: (url, clientOptions) => clientSkippingAbortedReconnects(url, clientOptions as Client.Options, () => pool.stats.queued),
      });
      return pool;
    },
  });
}
