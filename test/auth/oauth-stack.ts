// A tool server in MCP_AUTH=oauth mode in front of the real test authorization server and a recording
// stand-in for the customer's API, with three tools: none, orders:read and orders:write scopes.
import { logSink } from '../support/log-sink';
import { z } from 'zod';
import { createDiscovery, type Discovery } from '../../src/auth';
import type { IntrospectionBudgetOptions } from '../../src/auth/introspection-budget';
import type { JwksOptions } from '../../src/auth/jwt';
import { loadConfig, type Config } from '../../src/config';
import { createLogger } from '../../src/logger';
import { createToolServer, type ToolServer } from '../../src/server';
import { defineTool, type Tool } from '../../src/tools';
import type { Resource } from '../../src/resources';
import type { Prompt } from '../../src/prompts';
import { startAuthorizationServer, type AuthorizationServer, type EnterpriseIdp, type MachineClient, type ResourceSettings } from '../../auth-server';
import { startRecordingApi, type RecordingApi } from '../support/recording-api';

export const RESOURCE = 'http://127.0.0.1:9/mcp';
export const API_AUDIENCE = 'https://api.example.test';
export const OPAQUE_RESOURCE = 'http://127.0.0.1:9/opaque/mcp';
const MCP_SCOPES = { scopes: ['orders:read', 'orders:write'] };

export const oauthTools: readonly Tool[] = [
  defineTool({ name: 'hello', description: 'Says hello.', input: {}, handler: () => 'hello' }),
  defineTool({
    name: 'read_item',
    description: 'Reads an item.',
    scopes: ['orders:read'],
    input: { id: z.string() },
    handler: ({ id }, ctx) => ctx.api.get('/items/:id', { params: { id }, as: 'text' }),
  }),
  defineTool({ name: 'write_item', description: 'Writes an item.', scopes: ['orders:read', 'orders:write'], input: {}, handler: () => 'written' }),
];

export interface OAuthStack {
  as: AuthorizationServer;
  api: RecordingApi;
  server: ToolServer;
  config: Config;
  url: string;
  discovery: Discovery;
  logs(): Array<Record<string, unknown>>;
  logText(): string;
  /** The authorization server's log lines (token requests refused, ID-JAGs accepted). */
  asLogs(): Array<Record<string, unknown>>;
  asLogText(): string;
  /** A user's token for /mcp with these scopes. */
  token(subject: string, scopes?: readonly string[], resource?: string): Promise<string>;
  close(): Promise<void>;
}

export interface OAuthStackOptions {
  env?: NodeJS.ProcessEnv;
  jwks?: JwksOptions;
  /** Resources of the authorization server besides RESOURCE and the API. */
  resources?: Record<string, ResourceSettings>;
  metadata?: 'oidc' | 'oauth' | 'both';
  /** Wait for discovery before returning (default true). */
  discovered?: boolean;
  /** Start with the authorization server stopped. */
  asDown?: boolean;
  /** Listen on this port (default: any free one). */
  port?: number;
  /** Open dynamic client registration at the authorization server. */
  registration?: boolean;
  /** The authorization server's metadata answers after this long. */
  metadataDelayMs?: number;
  /** The authorization server's clock is ahead by this much when it checks an exchange's subject token. */
  clockAheadSeconds?: number;
  /** Introspection budgets other than the defaults. */
  introspection?: IntrospectionBudgetOptions;
  /** The tool server's tools (default oauthTools) and resources (default none). */
  tools?: readonly Tool[];
  serverResources?: readonly Resource[];
  /** The tool server's prompts (default none). */
  prompts?: readonly Prompt[];
  /** The customer's API the tool server calls (default: the recording stand-in, `api`). */
  customerApiUrl?: string;
  /** The enterprise IdP whose ID-JAGs the authorization server accepts (default none). */
  enterprise?: EnterpriseIdp;
  /** A machine client with client credentials only at the authorization server (default none). */
  machineClient?: MachineClient;
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

export async function startOAuthStack(options: OAuthStackOptions = {}): Promise<OAuthStack> {
  const resource = options.env?.OAUTH_RESOURCE ?? RESOURCE;
  const asSink = logSink();
  const as = await startAuthorizationServer({
    resources: { [RESOURCE]: MCP_SCOPES, [resource]: MCP_SCOPES, [API_AUDIENCE]: { scopes: ['api'] }, ...options.resources },
    metadata: options.metadata,
    registration: options.registration,
    clockAheadSeconds: options.clockAheadSeconds,
    metadataDelayMs: options.metadataDelayMs,
    enterprise: options.enterprise,
    machineClient: options.machineClient,
    log: createLogger({ level: 'info', destination: asSink.stream }),
  });
  if (options.asDown) await as.stop();
  const api = await startRecordingApi();
  const sink = logSink();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'debug',
    CUSTOMER_API_URL: options.customerApiUrl ?? api.url,
    MCP_AUTH: 'oauth',
    OAUTH_ISSUER: as.issuer,
    OAUTH_RESOURCE: RESOURCE,
    OAUTH_CLIENT_ID: as.toolServerClient.id,
    OAUTH_CLIENT_SECRET: as.toolServerClient.secret,
    UPSTREAM_AUTH: 'token-exchange',
    UPSTREAM_AUDIENCE: API_AUDIENCE,
    ...options.env,
  });
  const logger = createLogger({ level: config.logLevel, destination: sink.stream });
  const discovery = createDiscovery({ issuer: as.issuer, allowInsecureRequests: true, logger, firstRetryMs: 20, maxRetryMs: 50 });
  const server = createToolServer({
    config,
    customerApiUrl: options.customerApiUrl ?? api.url,
    logger,
    tools: options.tools ?? oauthTools,
    resources: options.serverResources,
    prompts: options.prompts,
    info: { name: 'oauth-test-server', version: '0.0.0', title: 'OAuth test server' },
    auth: { discovery, ...(options.jwks ? { jwks: options.jwks } : {}), ...(options.introspection ? { introspection: options.introspection } : {}) },
  });
  const url = await server.listen(options.port ?? 0, '127.0.0.1');
  if (options.discovered !== false && !options.asDown) await discovery.ready();
  const logText = () => sink.text();
  return {
    as,
    api,
    server,
    config,
    url,
    discovery,
    logText,
    logs: () => linesOf(logText()),
    asLogText: () => asSink.text(),
    asLogs: () => linesOf(asSink.text()),
    token: (subject, scopes = [], audience = resource) => as.userToken({ subject, resource: audience, scopes }),
    async close() {
      await server.shutdown();
      await api.close();
      await as.close();
    },
  };
}

/** A JSON-RPC POST to /mcp with a bearer token (or none). */
export async function postMcp(url: string, body: unknown, token?: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
}

export const call = (name: string, args: Record<string, unknown> = {}, id = 1) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
export const list = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
