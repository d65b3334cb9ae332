// A listener that cannot start is one sentence naming the port or address and its setting.
// Real listen errors from Node, on loopback.
import { createServer } from 'node:http';
import { listen, type Listening } from '../../src/http/listen';
import { listenFailure, type PortSetting } from '../../src/http/listen-failure';

/** The error a listen on `port`/`host` fails with. */
async function failedListen(port: number, host: string): Promise<unknown> {
  const server = createServer();
  try {
    const running = await listen(server, port, host);
    await running.close();
    throw new Error(`listening on ${host}:${port} did not fail`);
  } catch (error) {
    return error;
  }
}

describe('listenFailure', () => {
  let held: Listening;
  let port: number;
  beforeAll(async () => {
    held = await listen(createServer());
    port = Number(new URL(held.url).port);
  });
  afterAll(() => held.close());

  const settings = (p: number): PortSetting[] => [
    { port: 3000, host: '127.0.0.1', setting: 'PORT', hostSetting: 'HOST' },
    { port: p, host: '127.0.0.1', setting: 'METRICS_PORT', hostSetting: 'METRICS_HOST' },
  ];

  it('a port in use names the port and the setting that chose it', async () => {
    const error = await failedListen(port, '127.0.0.1');
    expect(listenFailure(error, settings(port))).toBe(`Port ${port} is already in use (METRICS_PORT). Stop the other process or set METRICS_PORT to a free port.`);
    expect(listenFailure(error, [{ port, host: '127.0.0.1', setting: 'PORT', hostSetting: 'HOST' }])).toBe(
      `Port ${port} is already in use (PORT). Stop the other process or set PORT to a free port.`,
    );
  });

  it('an address this machine does not have names the host setting', async () => {
    // TEST-NET-1 (RFC 5737): never an address of this machine.
    const error = await failedListen(0, '192.0.2.1');
    expect(listenFailure(error, [{ port: 0, host: '192.0.2.1', setting: 'PORT', hostSetting: 'HOST' }])).toBe(
      'Address 192.0.2.1 is not an address of this machine (HOST). Set HOST to one of its addresses, 127.0.0.1 or 0.0.0.0.',
    );
  });

  it('a host name that does not resolve names the host setting of the listener that has it', async () => {
    // .invalid never resolves (RFC 2606).
    const error = await failedListen(0, 'no-such-host.invalid');
    const listeners: PortSetting[] = [
      { port: 3000, host: '127.0.0.1', setting: 'PORT', hostSetting: 'HOST' },
      { port: 9464, host: 'no-such-host.invalid', setting: 'METRICS_PORT', hostSetting: 'METRICS_HOST' },
    ];
    expect(listenFailure(error, listeners)).toMatch(/^Host no-such-host\.invalid could not be resolved \(METRICS_HOST\)\. Set METRICS_HOST to an address or a name this machine resolves\.$/);
  });

  it('leaves other errors to the caller', () => {
    expect(listenFailure(new Error('boom'), settings(1))).toBeUndefined();
    expect(listenFailure('text', settings(1))).toBeUndefined();
  });
});
