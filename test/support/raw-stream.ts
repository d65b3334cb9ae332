// A client that opens GET /sse on a raw socket, reads the endpoint event and then stops reading: what a
// stalled hub or a hostile client looks like to the server.
import { connect, type Socket } from 'node:net';

export interface UnreadStream {
  socket: Socket;
  /** The messages path from the endpoint event. */
  endpoint: string;
  /** Resolves when the server has closed or destroyed the connection. */
  closed: Promise<void>;
}

export function openUnreadStream(baseUrl: string, localAddress?: string): Promise<UnreadStream> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), ...(localAddress ? { localAddress } : {}) });
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => undefined); // a reset is how a destroyed stream ends
    let text = '';
    socket.once('error', reject);
    socket.write(`GET /sse HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n\r\n`);
    socket.on('data', function onData(chunk: Buffer) {
      text += chunk.toString('utf8');
      const match = /event: endpoint\ndata: (\S+)\n\n/.exec(text);
      if (!match) return;
      socket.off('data', onData);
      socket.pause();
      resolve({ socket, endpoint: match[1]!, closed });
    });
  });
}
