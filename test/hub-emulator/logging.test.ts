import { Writable } from 'node:stream';
import { request } from 'undici';
import { createHubClient, type HubClient } from '../../src/hub';
import { createLogger } from '../../src/logger';
import { startMcpPeer, type McpPeer } from './mcp-peer';
import { startEmulator, TEST_KEYS, type StartedEmulator } from './start-emulator';

describe('hub emulator logging', () => {
  let hub: StartedEmulator;
  let peer: McpPeer;
  let client: HubClient;
  const lines: Array<Record<string, unknown>> = [];
  let requestIds = 0;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    hub = await startEmulator({ newRequestId: () => `hubreq-${(requestIds += 1)}`, logger: createLogger({ level: 'info', destination: sink }) });
    client = createHubClient({ baseUrl: hub.url, keys: { ...TEST_KEYS } });
    peer = await startMcpPeer(client);
  });
  afterAll(async () => {
    await hub.close();
    await peer.close();
    await client.close();
  });

  it('logs each request served (route template, status, duration) and each tool call made with the request id that carried it', async () => {
    await client.bind({ wsId: 'ws-log', identity: { userId: 'u-7' }, authArtifacts: { headers: { Authorization: 'Bearer hub-secret-token' } } });
    const res = await request(`${hub.url}/emulator/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ wsId: 'ws-log', tool: 'echo_headers', arguments: {}, toolServerUrl: peer.url }),
    });
    const echoed = JSON.parse(((await res.body.json()) as { content: Array<{ text: string }> }).content[0]!.text) as Record<string, string>;

    const served = lines.filter((line) => line.msg === 'hub request served');
    expect(served).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: 30, method: 'POST', route: '/api/auth/bind', status: 200, durationMs: expect.any(Number) }),
        expect.objectContaining({ level: 30, method: 'POST', route: '/emulator/call', status: 200 }),
      ]),
    );
    const made = lines.find((line) => line.msg === 'tool call made');
    // The id in the line is the X-Request-Id the tool server received with the call: the thread to follow.
    expect(made).toMatchObject({ level: 30, tool: 'echo_headers', wsId: 'ws-log', isError: false, requestId: echoed['x-request-id'] });
    expect(JSON.stringify(lines)).not.toContain('hub-secret-token');
    expect(JSON.stringify(lines)).not.toContain(TEST_KEYS.embed);
  });
});
