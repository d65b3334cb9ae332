// Starts an HTTP server on a port (0: any free one) and gives back its URL and a close that also ends
// kept-alive and streaming connections. Shared by the example API, the benchmark's servers and tests.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  server: Server;
  /** e.g. http://127.0.0.1:40123 */
  url: string;
  close(): Promise<void>;
}

export function listen(server: Server, port = 0, host = '127.0.0.1'): Promise<Listening> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const { address, port: bound } = server.address() as AddressInfo;
      resolve({
        server,
        url: `http://${address.includes(':') ? `[${address}]` : address}:${bound}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
