// Starts the fixture orders API and a tool server with the fixture tools on loopback ports (never the
// examples a fork deletes), with the log captured in memory.
import { logSink } from './log-sink';
import { startExampleApi, type RunningExampleApi } from '../fixtures/orders-api';
import { tools as exampleTools } from '../fixtures/order-tools';
import { loadConfig, type Config } from '../../src/config';
import { createLogger } from '../../src/logger';
import { createToolServer, type ToolServer } from '../../src/server';
import type { Tool } from '../../src/tools';
import type { Resource, ResourceTemplate } from '../../src/resources';
import type { ServerInfo } from '../../src/mcp/core';

export interface Stack {
  api: RunningExampleApi;
  server: ToolServer;
  config: Config;
  /** Base URL of the tool server, e.g. http://127.0.0.1:40123 */
  url: string;
  /** Raw log output, one JSON line per entry. */
  logText(): string;
  logs(): Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export interface StackOptions {
  env?: NodeJS.ProcessEnv;
  tools?: readonly Tool[];
  /** Resources and views (none by default, as a server without resources). */
  resources?: readonly Resource[];
  resourceTemplates?: readonly ResourceTemplate[];
  /** Base URL given to the tool server instead of the example API's (e.g. with {tenantId}). */
  customerApiUrl?: (apiUrl: string) => string;
  /** Who the server says it is (initialize, server/discover, the Server Card); a test name by default. */
  info?: ServerInfo;
}

export async function startStack({ env = {}, tools = exampleTools, resources, resourceTemplates, customerApiUrl, info = { name: 'test-tool-server', version: '0.0.0' } }: StackOptions = {}): Promise<Stack> {
  const api = await startExampleApi();
  const sink = logSink();
  const baseUrl = customerApiUrl ? customerApiUrl(api.url) : api.url;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', CUSTOMER_API_URL: baseUrl, ...env });
  const logger = createLogger({ level: config.logLevel, destination: sink.stream, instance: config.instance });
  const server = createToolServer({
    config,
    customerApiUrl: baseUrl,
    logger,
    tools,
    resources,
    resourceTemplates,
    info,
  });
  const url = await server.listen(0, '127.0.0.1');
  const logText = () => sink.text();
  return {
    api,
    server,
    config,
    url,
    logText,
    logs: () =>
      logText()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    async close() {
      await server.shutdown();
      await api.close();
    },
  };
}

export const MANAGER = { authorization: 'Bearer demo-manager-token' } as const;
export const VIEWER = { authorization: 'Bearer demo-viewer-token' } as const;
