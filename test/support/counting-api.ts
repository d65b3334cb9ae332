// A stand-in for the customer's API that counts its connections: every socket it accepts,
// whether a request ever arrived on it, which are still open. GET /hold is never answered (the request is
// held until its connection closes); GET /close answers and closes its connection; anything else answers
// 200 with a small JSON body.
import { createServer, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { listen, type Listening } from '../../src/http/listen';

export interface ConnectionCounts {
  /** Sockets accepted so far. */
  accepted: number;
  /** Requests received so far. */
  requests: number;
  /** Sockets accepted on which no request has arrived (open or closed): connections nobody asked for. */
  unused: number;
  /** Sockets open now. */
  open: number;
  /** Requests to /hold still held (their connection still open). */
  held: number;
}

export interface CountingApi extends Listening {
  counts(): ConnectionCounts;
  /** Resolves once `check` holds, re-checked after every connection, request and close (never polled). */
  until(check: (counts: ConnectionCounts) => boolean, timeoutMs?: number): Promise<void>;
}

export async function startCountingApi(): Promise<CountingApi> {
  const used = new WeakSet<Socket>();
  const sockets = new Set<Socket>();
  const held = new Set<ServerResponse>();
  let accepted = 0;
  let requests = 0;
  let unused = 0;
  const waiters = new Set<() => void>();
  const changed = () => {
    for (const waiter of waiters) waiter();
  };

  const server = createServer((req, res) => {
    requests += 1;
    if (!used.has(req.socket)) {
      used.add(req.socket);
      unused -= 1;
    }
    if (req.url === '/hold') {
      held.add(res);
      res.on('close', () => {
        held.delete(res);
        changed();
      });
    } else if (req.url === '/close') {
      res.writeHead(200, { 'content-type': 'application/json', connection: 'close' }).end('{"ok":true}');
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }
    changed();
  });
  server.on('connection', (socket: Socket) => {
    accepted += 1;
    unused += 1;
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      changed();
    });
    changed();
  });
  const listening = await listen(server);
  const counts = (): ConnectionCounts => ({ accepted, requests, unused, open: sockets.size, held: held.size });

  return {
    ...listening,
    counts,
    until(check, timeoutMs = 10_000) {
      return new Promise<void>((resolve, reject) => {
        const waiter = () => {
          if (!check(counts())) return;
          waiters.delete(waiter);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`counting API: condition not met within ${timeoutMs} ms; counts ${JSON.stringify(counts())}`));
        }, timeoutMs);
        waiters.add(waiter);
        waiter();
      });
    },
  };
}
