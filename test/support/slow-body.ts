// A client that sends a POST's headers and part of its body on a raw socket, then holds: what a slow or
// hostile client looks like to the server. It sends `Expect: 100-continue`, so `started` resolves once the
// server has run the request's handler (Node answers 100 Continue just before it), or with the final
// answer if the server refused the request at once.
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface SlowBody {
  socket: Socket;
  /** 'continue' once the server took the request in; its final answer if it answered first. */
  started: Promise<'continue' | RawAnswer>;
  /** The final answer, whenever it comes. */
  answer: Promise<RawAnswer>;
  /** Sends the rest of the body. */
  finish(): void;
}

export interface SlowBodyOptions {
  path: string;
  /** The whole JSON body; all but its last byte is sent at once. */
  body: string;
  /** e.g. 127.0.0.2: another client, as the server sees it. */
  localAddress?: string;
  headers?: Record<string, string>;
}

function parseAnswer(head: string, body: string): RawAnswer {
  const [statusLine, ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine!.split(' ')[1]), headers, body };
}

export function startSlowBody(baseUrl: string, { path, body, localAddress, headers = {} }: SlowBodyOptions): SlowBody {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect({ host: hostname, port: Number(port), ...(localAddress ? { localAddress } : {}) });
  socket.on('error', () => undefined); // a reset is how an abandoned request ends
  const extra = Object.entries({ accept: 'application/json, text/event-stream', ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n${extra}\r\n${body.slice(0, -1)}`,
  );

  let text = '';
  let onContinue: (value: 'continue') => void = () => undefined;
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      for (;;) {
        const end = text.indexOf('\r\n\r\n');
        if (end === -1) return;
        const head = text.slice(0, end);
        if (head.startsWith('HTTP/1.1 100')) {
          text = text.slice(end + 4);
          onContinue('continue');
          continue;
        }
        const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
        if (Buffer.byteLength(text.slice(end + 4)) < length) return;
        resolve(parseAnswer(head, text.slice(end + 4, end + 4 + length)));
        return;
      }
    });
    socket.on('close', () => reject(new Error('connection closed before an answer')));
  });
  answer.catch(() => undefined); // read only by the tests that expect one
  const started = Promise.race([new Promise<'continue'>((resolve) => (onContinue = resolve)), answer]);
  return { socket, started, answer, finish: () => void socket.write(body.slice(-1)) };
}
