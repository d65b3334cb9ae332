import { Writable } from 'node:stream';
import { emulatorUrlOf, HUB_CLI_USAGE, runHubCli } from '../../hub-emulator/cli';
import { serveEmulator, type RunningEmulator } from '../../hub-emulator/serve';
import { DEMO_EMBED_KEY } from '../../hub-emulator';
import { startMcpPeer, type McpPeer } from './mcp-peer';

function sink(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

describe('hub emulator: npm run hub and its CLI', () => {
  let running: RunningEmulator;
  let peer: McpPeer;
  let printed: string;

  beforeEach(async () => {
    peer = await startMcpPeer();
    const out = sink();
    running = await serveEmulator({ HUB_EMULATOR_PORT: '0', HUB_EMULATOR_TOOL_SERVER_URL: peer.url }, out.stream);
    printed = out.text();
  });
  afterEach(async () => {
    await running.close();
    await peer.close();
  });

  it('on start it prints its address and the demo keys by setting name', () => {
    expect(printed).toContain(`listening on ${running.url}`);
    expect(printed).toContain(`HUB_EMBED_KEY=${DEMO_EMBED_KEY}`);
    expect(printed).toMatch(/HUB_FILES_READ_KEY=svc_ak_\S+ +\(mcp-files:read\)/);
    expect(printed).toMatch(/HUB_FILES_WRITE_KEY=svc_ak_\S+ +\(mcp-files:write\)/);
    expect(printed).toMatch(/HUB_KNOWLEDGE_KEY=svc_ak_\S+ +\(knowledge:write\)/);
  });

  it('bind, call and invalidate from the command line, then a call for that binding fails', async () => {
    const env = { HUB_URL: running.url };
    const out = sink();
    const err = sink();
    const io = { env, stdout: out.stream, stderr: err.stream };

    expect(await runHubCli(['bind', '--ws', 'ws-cli', '--user', 'demo-user', '--token', 'demo-token', '--header', 'X-Client-Id=web'], io)).toBe(0);
    expect(out.text()).toContain('bound ws-cli to user demo-user');

    expect(await runHubCli(['call', '--ws', 'ws-cli', 'echo_headers', '{}'], io)).toBe(0);
    expect(out.text()).toContain('Bearer demo-token');
    expect(out.text()).toContain('x-client-id');

    expect(await runHubCli(['tools', '--ws', 'ws-cli'], io)).toBe(0);
    expect(out.text()).toContain('echo_headers');

    expect(await runHubCli(['invalidate', '--ws', 'ws-cli'], io)).toBe(0);
    expect(await runHubCli(['call', '--ws', 'ws-cli', 'echo_headers'], io)).toBe(1);
    expect(err.text()).toContain('binding_not_found');
  });

  it('--help prints the usage, with the settings it reads, on stdout and exits 0', async () => {
    for (const flag of ['--help', '-h']) {
      const out = sink();
      const err = sink();
      expect(await runHubCli(['call', flag], { env: {}, stdout: out.stream, stderr: err.stream })).toBe(0);
      expect(out.text()).toBe(HUB_CLI_USAGE);
      expect(out.text()).toContain('HUB_URL, the running emulator (default http://127.0.0.1:4100)');
      expect(err.text()).toBe('');
    }
  });

  it('an empty HUB_URL counts as unset: the default emulator address', () => {
    expect(emulatorUrlOf({ HUB_URL: '' })).toBe('http://127.0.0.1:4100');
    expect(emulatorUrlOf({})).toBe('http://127.0.0.1:4100');
    expect(emulatorUrlOf({ HUB_URL: running.url })).toBe(running.url);
  });

  it('an unknown command prints the usage and exits 2', async () => {
    const err = sink();
    expect(await runHubCli(['frobnicate'], { env: {}, stdout: sink().stream, stderr: err.stream })).toBe(2);
    expect(err.text()).toContain('usage:');
  });
});
