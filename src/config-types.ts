// The typed, frozen settings that loadConfig (src/config.ts) returns: what the rest of the server reads.
// Each part is built by its room's settings module (src/<room>/settings.ts); add a field here with it.
import type { AuthSettings } from './auth/settings';
import type { CardSettings } from './card/settings';
import type { DoorSettings } from './door/settings';
import type { LogShape } from './logging/settings';
import type { TelemetrySettings } from './telemetry';
import type { ErrorRule } from './upstream/error-rule';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  readonly env: string;
  readonly port: number;
  readonly host: string;
  /** Undefined only outside production: the entry point then starts the bundled example API. */
  readonly customerApiUrl: string | undefined;
  /** The bundled example API's port on 127.0.0.1 when it is started (no CUSTOMER_API_URL); 0: any free port. */
  readonly exampleApiPort: number;
  /** How error sentences name the customer's API ("The billing system did not answer in time…"). */
  readonly customerApiName: string;
  readonly logLevel: LogLevel;
  /** JSON or pretty text, level names, ISO times; see src/logging/settings.ts. */
  readonly log: LogShape;
  /** The `"instance"` of every log line: INSTANCE_ID, else host name and pid (src/logging/settings.ts). */
  readonly instance: string;
  /** Sentences to log as warnings at start (a variable that looks like a misspelt setting). */
  readonly warnings: readonly string[];
  readonly publicBasePath: string;
  readonly sseKeepAliveMs: number;
  readonly maxBodyBytes: number;
  /** Request bodies one client may be sending at once (429 beyond); 0: no cap. See src/limits/body-slots.ts. */
  readonly maxBodiesPerClient: number;
  /** Open SSE streams at most; GET /sse beyond it answers 503. */
  readonly maxSessions: number;
  /** Limits on the SSE streams this process holds (see src/mcp/sse/streams.ts). */
  readonly streams: {
    readonly maxStreams: number;
    readonly maxStreamsPerClient: number;
    readonly maxBufferedBytes: number;
    readonly maxTotalBufferedBytes: number;
    readonly keepAliveMs: number;
    readonly idleTimeoutMs: number;
  };
  /** A direct answer not taken by its reader within this time is dropped and its socket destroyed. */
  readonly writeTimeoutMs: number;
  readonly upstream: {
    readonly timeoutMs: number;
    readonly maxResponseBytes: number;
    /** Connections per origin to the API, which also caps concurrent calls to it; null: no limit. */
    readonly connections: number | null;
    /** UPSTREAM_USER_AGENT, by default `<package name>/<version>`. */
    readonly userAgent: string;
    /** UPSTREAM_HEADERS, lower-cased names; never credentials. */
    readonly fixedHeaders: Readonly<Record<string, string>> | undefined;
    /** UPSTREAM_CREDENTIALS: scheme (or account parameter) name to the value the server places; never logged. */
    readonly credentials: Readonly<Record<string, string>> | undefined;
    /** UPSTREAM_ERROR_REASON=on: a 4xx's reason reaches the model and the debug log. */
    readonly errorReason: boolean;
    /** UPSTREAM_ERROR_WHEN: a 2xx JSON body matching it is a refused request. */
    readonly errorWhen: ErrorRule | undefined;
  };
  /** Lower-case names of the credential headers forwarded besides Authorization and Cookie. */
  readonly customAuthHeaders: readonly string[];
  readonly healthSimulation: boolean;
  readonly healthTimeoutMs: number;
  readonly shutdownGraceMs: number;
  readonly hub: {
    readonly url: string | undefined;
    readonly filesReadKey: string | undefined;
    readonly filesWriteKey: string | undefined;
    readonly knowledgeKey: string | undefined;
    readonly embedKey: string | undefined;
  };
  /** Metrics and traces; see src/telemetry. Each undefined when off. */
  readonly telemetry: TelemetrySettings;
  /** Who may call; see src/door. */
  readonly door: DoorSettings;
  /** Per-user fair sharing of tool calls; see src/limits. 0 turns a limit off. */
  readonly limits: {
    readonly maxInFlight: number;
    readonly callsPerMinute: number;
    readonly burst: number;
  };
  /** Session routing between replicas; off (one process, in memory) when `url` is unset. */
  readonly redis: {
    readonly url: string | undefined;
    /** Every key and channel starts with this, so deployments can share one Redis. */
    readonly prefix: string;
    /** A replica that stops refreshing (even SIGKILLed) stops being a route after at most this long. */
    readonly sessionTtlMs: number;
    /** How often a replica refreshes the registry keys of its sessions (one pipeline per tick). */
    readonly sessionRefreshMs: number;
  };
  /** Worker processes on one port (node:cluster); 1 runs no cluster at all. */
  readonly workers: number;
  /** TASK_LEASE_MS: a running task's heartbeat vouches for it this long; a replica gone longer leaves it failed. */
  readonly taskLeaseMs: number;
  /** MCP_STATE_SECRET: signs 2026-07-28 `requestState`; unset, a random key per process (per cluster with WORKERS). */
  readonly stateSecret: string | undefined;
  /**
   * VIEW_ASSETS_URL, an origin (`https://tools.example.com`): views are sent in their shared form, loading
   * the runtime they share from it (docs/views.md). Undefined (the default): each view is self-contained.
   */
  readonly viewAssetsUrl: string | undefined;
  /** TOOLSETS: the toolsets served (src/tools/toolsets.ts); 'all' (the default) serves every tool. */
  readonly toolsets: readonly string[] | 'all';
  /** TOOLS_MODE: 'static' (the default) lists every tool served; 'dynamic' lists tools that find, describe and run them (src/tools/dynamic.ts). */
  readonly toolsMode: 'static' | 'dynamic';
  /** TOOL_SCHEMAS: 'portable' (the default); 'strict' lists input schemas in OpenAI's strict form (src/tools/strict-schema.ts). */
  readonly toolSchemas: 'portable' | 'strict';
  /** Who this server says it is and where /mcp is public (MCP_SERVER_NAME, MCP_PUBLIC_URL…); see src/card. */
  readonly card: CardSettings;
  /** /mcp as an OAuth protected resource (MCP_AUTH=oauth); absent with MCP_AUTH=headers. See src/auth. */
  readonly auth?: AuthSettings;
}
