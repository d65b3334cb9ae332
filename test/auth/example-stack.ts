// The local sign-in as the docs give it (issue 32): the bundled authorization server, the bundled example API
// accepting its tokens (example-api/oauth.ts), and a tool server in MCP_AUTH=oauth mode serving the example
// tools whoami, search_orders and create_order, its log read from a sink.
import { Writable } from 'node:stream';
import { createDiscovery } from '../../src/auth';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { createToolServer, type ToolServer } from '../../src/server';
import { startAuthorizationServer, type AuthorizationServer } from '../../auth-server';
import { startExampleApi, type RunningExampleApi } from '../../example-api';
import whoami from '../../tools/whoami';
import searchOrders from '../../tools/search_orders';
import createOrder from '../../tools/create_order';
import searchOrdersView from '../../tools/search_orders.view';
import { freePort } from '../support/processes';

export const API_AUDIENCE = 'https://api.example.test';

export interface ExampleStack {
  as: AuthorizationServer;
  api: RunningExampleApi;
  server: ToolServer;
  mcpUrl: URL;
  logText(): string;
  close(): Promise<void>;
}

/** `env`: the tool server's settings besides those the auth server's banner prints (e.g. OAUTH_CHALLENGE_SCOPE). */
export async function startExampleStack(env: NodeJS.ProcessEnv = {}): Promise<ExampleStack> {
  const port = await freePort();
  const mcpUrl = new URL(`http://127.0.0.1:${port}/mcp`);
  const as = await startAuthorizationServer({
    resources: { [mcpUrl.href]: { scopes: ['orders:read', 'orders:write'] }, [API_AUDIENCE]: { scopes: ['api'] } },
    registration: true,
  });
  const closing: Array<() => Promise<void>> = [() => as.close()];
  const close = async () => {
    for (const step of closing.reverse()) await step();
  };
  try {
    return await started();
  } catch (error) {
    await close();
    throw error;
  }

  async function started(): Promise<ExampleStack> {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      CUSTOMER_API_URL: 'http://127.0.0.1:9/unused',
      MCP_AUTH: 'oauth',
      OAUTH_ISSUER: as.issuer,
      OAUTH_RESOURCE: mcpUrl.href,
      OAUTH_CLIENT_ID: as.toolServerClient.id,
      OAUTH_CLIENT_SECRET: as.toolServerClient.secret,
      UPSTREAM_AUTH: 'token-exchange',
      UPSTREAM_AUDIENCE: API_AUDIENCE,
      ...env,
    });
    const auth = config.auth!;
    // What src/index.ts gives the embedded example API when CUSTOMER_API_URL is unset.
    const api = await startExampleApi({ oauth: { issuer: auth.issuer, audience: auth.upstream.audience, clientId: auth.client.id, userHeader: auth.upstream.userHeader } });
    closing.push(() => api.close());
    const chunks: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString('utf8'));
        done();
      },
    });
    const logger = createLogger({ level: config.logLevel, destination: sink });
    const discovery = createDiscovery({ issuer: as.issuer, allowInsecureRequests: true, logger, firstRetryMs: 20, maxRetryMs: 50 });
    closing.push(async () => discovery.close());
    const server = createToolServer({
      config,
      customerApiUrl: api.url,
      logger,
      tools: [whoami, searchOrders, createOrder],
      resources: [searchOrdersView],
      info: { name: 'example-sign-in', version: '0.0.0' },
      auth: { discovery },
    });
    closing.push(() => server.shutdown());
    await server.listen(port, '127.0.0.1');
    await discovery.ready();
    return { as, api, server, mcpUrl, logText: () => chunks.join(''), close };
  }
}
