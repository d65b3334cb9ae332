// Test helper: a hub emulator on 127.0.0.1, port 0, with test keys and a count of the requests it got.
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { createHubEmulator, type HubEmulator, type HubEmulatorOptions } from '../../hub-emulator';

export const TEST_KEYS = {
  embed: 'emb_test_embed',
  filesRead: 'svc_ak_test_files_read',
  filesWrite: 'svc_ak_test_files_write',
  knowledge: 'svc_ak_test_knowledge',
} as const;

export interface StartedEmulator {
  url: string;
  emulator: HubEmulator;
  server: Server;
  /** Requests the emulator has received so far. */
  requests(): number;
  close(): Promise<void>;
}

export async function startEmulator(overrides: Partial<HubEmulatorOptions> = {}): Promise<StartedEmulator> {
  const emulator = createHubEmulator({
    embedKey: TEST_KEYS.embed,
    keys: [
      { key: TEST_KEYS.filesRead, scope: 'mcp-files:read' },
      { key: TEST_KEYS.filesWrite, scope: 'mcp-files:write' },
      { key: TEST_KEYS.knowledge, scope: 'knowledge:write' },
    ],
    ...overrides,
  });
  let count = 0;
  const server = createServer(emulator.app);
  server.on('request', () => void (count += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    emulator,
    server,
    requests: () => count,
    async close() {
      await emulator.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port with nothing listening: opened, then closed. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
