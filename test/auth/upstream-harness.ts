// The upstream half of /mcp in oauth mode under test: a real authorization server (oidc-provider),
// a stand-in customer API that records what it receives, and the tool registry with credentials made by
// src/auth, driven with Principals built from real tokens the server issued; the log runs into memory.
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { logSink } from '../support/log-sink';
import type * as OAuth from 'oauth4webapi' with { 'resolution-mode': 'import' };
import type { Principal } from '../../src/auth/principal';
import type { UpstreamAuthMode } from '../../src/auth/settings';
import { createUpstreamTokens, type UpstreamTokens } from '../../src/auth/upstream-token';
import { CallSignal } from '../../src/call-signal';
import { createLogger } from '../../src/logger';
import { createPrometheusMetrics } from '../../src/telemetry/prometheus';
import type { Metrics } from '../../src/telemetry';
import { createRegistry, type Registry } from '../../src/tools/registry';
import type { ToolResult } from '../../src/tools/results';
import { createUpstream, type Upstream } from '../../src/upstream/api-client';
import { startAuthorizationServer, TOKEN_EXCHANGE_GRANT, type AuthorizationServer } from '../../auth-server';
import { fixtureTools, startStandInApi, type StandInApi } from '../support/stand-in-api';

export const MCP_RESOURCE = 'http://127.0.0.1:3000/mcp';
export const API_AUDIENCE = 'https://api.example.test/';

export interface HarnessOptions {
  mode: UpstreamAuthMode;
  /** Life of tokens for the customer's API. */
  apiTtlSeconds?: number;
  level?: string;
  userHeader?: string;
  /** Overrides the issuer metadata (a token endpoint that never answers, for the deadline). */
  issuer?: (discovered: OAuth.AuthorizationServer) => OAuth.AuthorizationServer;
  clientSecret?: string;
  timeoutMs?: number;
}

export interface Harness {
  as: AuthorizationServer;
  api: StandInApi;
  tokens: UpstreamTokens;
  registry: Registry;
  metrics: Metrics;
  /** The clock the credentials read; tests move it. */
  clock: { now: number };
  logText(): string;
  logs(): Array<Record<string, unknown>>;
  /** A verified caller, from a real token the server issued for the MCP resource. */
  principal(subject: string): Promise<Principal>;
  /** fetch_item through the registry, as a lane calls it, with these request headers. */
  call(principal: Principal | undefined, id?: string, headers?: IncomingHttpHeaders): Promise<ToolResult>;
  /** Successful token-endpoint grants of a type so far (the harness's own user tokens excluded). */
  grants(type: 'exchange' | 'client_credentials'): number;
  close(): Promise<void>;
}

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

const sha = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

/** What the edge makes of a verified token (src/auth/principal.ts). */
export function principalOf(token: string, issuer: string): Principal {
  const payload = claims(token);
  const subject = String(payload.sub);
  return {
    subject,
    subjectTag: sha(`${issuer}\n${subject}`).slice(0, 12),
    scopes: new Set(String(payload.scope ?? '').split(' ').filter(Boolean)),
    token,
    tokenKey: sha(token),
    expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : Infinity,
  };
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const as = await startAuthorizationServer({
    resources: { [MCP_RESOURCE]: { scopes: ['orders:read', 'orders:write'] }, [API_AUDIENCE]: { scopes: ['api'], ttlSeconds: options.apiTtlSeconds ?? 600 } },
  });
  const api = await startStandInApi();
  const oauth = await import('oauth4webapi');
  const issuerUrl = new URL(as.issuer);
  const response = await oauth.discoveryRequest(issuerUrl, { algorithm: 'oauth2', [oauth.allowInsecureRequests]: true });
  const discovered = await oauth.processDiscoveryResponse(issuerUrl, response);
  const sink = logSink();
  const logger = createLogger({ level: options.level ?? 'info', destination: sink.stream });
  const clock = { now: Date.now() };
  const tokens = createUpstreamTokens({
    mode: options.mode,
    issuer: options.issuer ? options.issuer(discovered) : discovered,
    clientId: as.toolServerClient.id,
    clientSecret: options.clientSecret ?? as.toolServerClient.secret,
    timeoutMs: options.timeoutMs ?? 5_000,
    allowHttp: true,
    audience: API_AUDIENCE,
    userHeader: options.userHeader,
    logger,
    now: () => clock.now,
  });
  const upstream: Upstream = createUpstream({ baseUrl: api.url, timeoutMs: 5_000 });
  const metrics = createPrometheusMetrics();
  const registry = createRegistry({
    tools: fixtureTools,
    upstream,
    logger,
    customAuthHeaders: ['x-api-key'],
    files: () => ({ available: false, fetch: () => Promise.reject(new Error('no files')), upload: () => Promise.reject(new Error('no files')) }),
    metrics,
    upstreamCredentials: tokens.credentials,
  });
  const logText = () => sink.text();
  const baseline = as.grants.length; // none yet: user tokens come later and are not counted below
  return {
    as,
    api,
    tokens,
    registry,
    metrics,
    clock,
    logText,
    logs: () =>
      logText()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    async principal(subject) {
      return principalOf(await as.userToken({ subject, resource: MCP_RESOURCE, scopes: ['orders:read'] }), as.issuer);
    },
    call: (principal, id = 'a1', headers = {}) => {
      // As the lanes do: the received traceparent travels as the call's trace context.
      const trace = typeof headers.traceparent === 'string' ? { traceparent: headers.traceparent } : undefined;
      return registry.call('fetch_item', { id }, { headers, signal: new CallSignal(), ...(trace ? { trace } : {}), ...(principal ? { principal } : {}) });
    },
    grants: (type) => as.grants.slice(baseline).filter((grant) => grant === (type === 'exchange' ? TOKEN_EXCHANGE_GRANT : 'client_credentials')).length,
    async close() {
      await upstream.close();
      await api.close();
      await as.close();
    },
  };
}
