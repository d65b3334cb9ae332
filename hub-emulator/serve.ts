// Runs the emulator as an HTTP server (`npm run hub`): demo keys, loopback by default, port
// HUB_EMULATOR_PORT (default 4100). Optional: HUB_EMULATOR_HOST, HUB_EMULATOR_TOOL_SERVER_URL
// (default http://127.0.0.1:3000, the tool server's default), HUB_EMULATOR_TENANT_ID, HUB_EMULATOR_LOG_LEVEL
// (default info: a line per request served and per tool call made).
import type { Server } from 'node:http';
import type { Writable } from 'node:stream';
import { createLogger } from '../src/logger';
import { createHubEmulator, type HubEmulator } from './create-hub-emulator';
import { DEMO_EMBED_KEY, DEMO_KEYS } from './demo-keys';
import { HUB_KEY_SETTINGS } from '../src/hub';

export interface RunningEmulator {
  emulator: HubEmulator;
  server: Server;
  url: string;
  close(): Promise<void>;
}

export async function serveEmulator(env: NodeJS.ProcessEnv, out: Pick<Writable, 'write'>): Promise<RunningEmulator> {
  const port = Number(env['HUB_EMULATOR_PORT'] ?? 4100);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('HUB_EMULATOR_PORT must be a port number');
  const host = env['HUB_EMULATOR_HOST'] ?? '127.0.0.1';
  const toolServerUrl = env['HUB_EMULATOR_TOOL_SERVER_URL'] ?? 'http://127.0.0.1:3000';
  const tenant = env['HUB_EMULATOR_TENANT_ID'];

  const emulator = createHubEmulator({
    embedKey: DEMO_EMBED_KEY,
    keys: [...DEMO_KEYS],
    toolServerUrl,
    ...(tenant === undefined ? {} : { defaultTenantId: tenant }),
    // Lines go where the banner goes (stdout from `npm run hub`), so tests that capture `out` capture them too.
    logger: createLogger({ level: env['HUB_EMULATOR_LOG_LEVEL'] ?? 'info', destination: out }),
  });
  const server = emulator.app.listen(port, host);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const address = server.address();
  const url = `http://${host}:${typeof address === 'object' && address !== null ? address.port : port}`;

  out.write(
    [
      `hub emulator listening on ${url} (tool server: ${toolServerUrl})`,
      'demo keys (local use only):',
      `  HUB_EMBED_KEY=${DEMO_EMBED_KEY}`,
      ...DEMO_KEYS.map(({ key, scope }) => `  ${envVarFor(scope)}=${key}   (${scope})`),
      `  HUB_URL=${url}`,
      '',
    ].join('\n'),
  );

  return {
    emulator,
    server,
    url,
    async close() {
      await emulator.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}

/** The setting a key of this scope goes in, from the hub client's own table. */
function envVarFor(scope: string): string {
  return Object.values(HUB_KEY_SETTINGS).find((setting) => setting.scope === scope)?.envVar ?? scope;
}
