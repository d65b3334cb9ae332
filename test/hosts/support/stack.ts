// What every host turn runs against: the bundled example customer API and a tool server with the example
// tools, view and prompt (tools/index.ts), MCP_AUTH=headers, on loopback ports; and the scripted model.
// The view is read from dist/views, which scripts/host-matrix.sh builds first.
import type { IncomingMessage } from 'node:http';
import { startExampleApi, type RunningExampleApi } from '../../../example-api';
import { loadConfig } from '../../../src/config';
import { createLogger } from '../../../src/logger';
import { createToolServer, type ToolServer } from '../../../src/server';
import { prompts, resources, tools } from '../../../tools';
import { logSink } from '../../support/log-sink';
import { startScriptedModel, type ScriptedModel } from '../model/server';

/**
 * The API's time-out for the tool server in the matrix: short, so the time-out turn is quick, yet not so
 * short that the example API misses it on a loaded CI machine (at 1 s, good calls sometimes timed out).
 */
export const UPSTREAM_TIMEOUT_MS = 2_500;
/** How late the API answers in the time-out turn: well past the time-out. */
export const SLOW_API_MS = 2 * UPSTREAM_TIMEOUT_MS;

export interface HostStack {
  api: RunningExampleApi;
  server: ToolServer;
  /** The tool server's base URL, e.g. http://127.0.0.1:40123 */
  url: string;
  model: ScriptedModel;
  /** Makes the API's next answer a status, or late (the example API's demo control). */
  nextApiAnswer(next: { status?: number; delayMs?: number }): Promise<void>;
  /**
   * Each POST /mcp so far, in order, as its headers name it: the MCP-Protocol-Version (absent on a
   * 2025-era initialize) and the Mcp-Method (2026-07-28 only).
   */
  mcpRequests(): Array<{ revision?: string; method?: string }>;
  logText(): string;
  close(): Promise<void>;
}

export async function startHostStack(): Promise<HostStack> {
  const api = await startExampleApi();
  const sink = logSink();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', MCP_AUTH: 'headers', CUSTOMER_API_URL: api.url, UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS) });
  const server = createToolServer({
    config,
    customerApiUrl: api.url,
    logger: createLogger({ level: config.logLevel, destination: sink.stream }),
    tools,
    resources,
    prompts,
    info: { name: 'mcp-tool-server-template', version: '0.0.0' },
  });
  // Which revision a host speaks is read off the wire, before the server sees the request.
  const mcpRequests: Array<{ revision?: string; method?: string }> = [];
  server.http.prependListener('request', (req: IncomingMessage) => {
    if (req.method !== 'POST' || req.url?.split('?')[0] !== '/mcp') return;
    const [revision, method] = [req.headers['mcp-protocol-version'], req.headers['mcp-method']];
    mcpRequests.push({ ...(typeof revision === 'string' && { revision }), ...(typeof method === 'string' && { method }) });
  });
  const url = await server.listen(0, '127.0.0.1');
  const model = await startScriptedModel();
  return {
    api,
    server,
    url,
    model,
    async nextApiAnswer(next) {
      const res = await fetch(`${api.url}/_demo/next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(next) });
      if (res.status !== 204) throw new Error(`the example API refused /_demo/next: ${res.status}`);
    },
    mcpRequests: () => [...mcpRequests],
    logText: () => sink.text(),
    async close() {
      await model.close();
      await server.shutdown();
      await api.close();
    },
  };
}
