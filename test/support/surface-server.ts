// A tool server on loopback with prompts and completers over a recording stand-in API (GET /items/:id
// answers {id} and records the headers it got), for the tests of the surface beyond tools.
import { logSink } from './log-sink';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import type { Prompt } from '../../src/prompts';
import type { Resource, ResourceTemplate } from '../../src/resources';
import { createToolServer, type ToolServer } from '../../src/server';
import type { Tool } from '../../src/tools';
import { startRecordingApi, type RecordingApi } from './recording-api';

export interface SurfaceServer {
  url: string;
  api: RecordingApi;
  server: ToolServer;
  logText(): string;
  close(): Promise<void>;
}

export async function startSurfaceServer(options: {
  tools: readonly Tool[];
  prompts?: readonly Prompt[];
  resources?: readonly Resource[];
  resourceTemplates?: readonly ResourceTemplate[];
  env?: NodeJS.ProcessEnv;
}): Promise<SurfaceServer> {
  const api = await startRecordingApi();
  const sink = logSink();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug', CUSTOMER_API_URL: api.url, ...options.env });
  const server = createToolServer({
    config,
    customerApiUrl: api.url,
    logger: createLogger({ level: config.logLevel, destination: sink.stream }),
    tools: options.tools,
    prompts: options.prompts,
    resources: options.resources,
    resourceTemplates: options.resourceTemplates,
    info: { name: 'surface-test', version: '0.0.0' },
  });
  const url = await server.listen(0, '127.0.0.1');
  return {
    url,
    api,
    server,
    logText: () => sink.text(),
    async close() {
      await server.shutdown();
      await api.close();
    },
  };
}
