// What every phase is handed: the settings, the stand-in API, progress lines, and the servers under test,
// each a child process started on first use and shared by the phases that follow (so JIT warm-up is paid
// once), or started fresh for a phase that needs its own (idle memory, a slow API).
import { join } from 'node:path';
import { startServer, type ChildServer } from './processes';
import type { Settings } from './settings';

/** The servers the bench knows, by the name the tables use. */
export type ServerName = 'ours' | 'before' | 'baseline' | 'baseline-v2' | 'limit';
export type Lane = 'sse' | 'mcp';
/** What the instructions and paired phases measure side by side: ours, the limit and, with --before, the previous build. */
export type Measured = Extract<ServerName, 'ours' | 'limit' | 'before'>;

export const SCRIPTS = {
  api: join(__dirname, 'stand-in-api.js'),
  baseline: join(__dirname, 'baseline-server.js'),
  'baseline-v2': join(__dirname, 'baseline-v2-server.js'),
  limit: join(__dirname, 'limit-server.js'),
} as const;
/** Preloaded into every build of ours (and --before's): adds the bench's pass-through tool, get_order_text. */
const ADD_ORDER_TEXT = join(__dirname, 'add-order-text.js');

/** How ours runs in every phase: production settings, with the bench's one client and one user allowed for. */
export const OURS_ENV: Readonly<Record<string, string>> = {
  LOG_LEVEL: 'info',
  NODE_ENV: 'production',
  // The bench opens every stream from one loopback address: lift the per-client and total caps.
  MAX_SESSIONS: '20000',
  MAX_STREAMS_PER_CLIENT: '20000',
  // Production requires caller authentication: the loopback network, so the door's check is in the cost measured.
  CALLER_NETWORKS: '127.0.0.0/8',
  // One synthetic user makes every call: the per-user limits stay on (their cost is measured) but never refuse.
  USER_MAX_IN_FLIGHT: '100000',
  USER_CALLS_PER_MINUTE: '1000000000',
  USER_CALL_BURST: '100000',
};

/** Sent on every call and direct GET; the servers forward it, the stand-in API requires one. */
export const HEADERS = { authorization: 'Bearer bench-token-not-a-secret' };
export const TOOL = 'get_order';
export const orderId = (n: number): string => `ord_${n % 1000}`;

/** The server measured as "ours" on a lane: ours, or that lane's baseline with --ours baseline. */
export function oursOn(settings: Settings, lane: Lane): ServerName {
  if (settings.ours !== 'baseline') return 'ours';
  return lane === 'sse' ? 'baseline' : 'baseline-v2';
}

export interface BenchContext {
  readonly settings: Settings;
  readonly apiUrl: string;
  /** The stand-in API's process, whose CPU some phases report. */
  readonly apiPid: number | undefined;
  progress(text: string): void;
  /** The shared process for `name` against the stand-in API, started on first use. */
  server(name: ServerName): Promise<ChildServer>;
  /** The shared process measured as "ours" on a lane (a baseline when run with --ours baseline). */
  ours(lane: Lane): Promise<ChildServer>;
  /** A fresh process the caller stops; `apiUrl` defaults to the stand-in API. */
  start(name: ServerName, label: string, apiUrl?: string): Promise<ChildServer>;
  stopAll(): Promise<void>;
}

export function createContext(settings: Settings, apiUrl: string, progress: (text: string) => void, apiPid?: number): BenchContext {
  const shared = new Map<ServerName, Promise<ChildServer>>();
  const fresh = new Set<ChildServer>();

  const script = (name: ServerName): string => {
    if (name === 'before') {
      if (settings.before === undefined) throw new Error('the compare phase needs --before <previous dist/src/index.js>');
      return settings.before;
    }
    if (name !== 'ours') return SCRIPTS[name];
    return settings.ours === 'baseline' ? SCRIPTS.baseline : settings.ours;
  };
  const env = (name: ServerName, customerApiUrl: string): Record<string, string> => {
    if (name !== 'ours' && name !== 'before') return { CUSTOMER_API_URL: customerApiUrl };
    return {
      ...OURS_ENV,
      CUSTOMER_API_URL: customerApiUrl,
      ...(settings.upstreamConnections === undefined ? {} : { UPSTREAM_CONNECTIONS: settings.upstreamConnections }),
    };
  };

  // --node-flags (e.g. a V8 setting under study) go to ours and the limit alike: ours ÷ limit compares code.
  // A build of ours also gets get_order_text, which the limit and the v2 baseline serve themselves.
  const flags = (name: ServerName): readonly string[] => {
    if (name === 'limit') return settings.nodeFlags;
    if (name === 'before') return ['-r', ADD_ORDER_TEXT];
    return name === 'ours' && settings.ours !== 'baseline' ? [...settings.nodeFlags, '-r', ADD_ORDER_TEXT] : [];
  };

  const context: BenchContext = {
    settings,
    apiUrl,
    apiPid,
    progress,
    server(name) {
      let started = shared.get(name);
      if (!started) {
        started = startServer(name, script(name), env(name, apiUrl), undefined, flags(name));
        shared.set(name, started);
      }
      return started;
    },
    ours(lane) {
      return context.server(oursOn(settings, lane));
    },
    async start(name, label, customerApiUrl = apiUrl) {
      const server = await startServer(label, script(name), env(name, customerApiUrl), undefined, flags(name));
      fresh.add(server);
      const stop = (): Promise<void> => {
        fresh.delete(server);
        return server.stop();
      };
      return { ...server, stop };
    },
    async stopAll() {
      const servers = await Promise.allSettled(shared.values());
      shared.clear();
      await Promise.all([
        ...servers.flatMap((s) => (s.status === 'fulfilled' ? [s.value.stop()] : [])),
        ...[...fresh].map((s) => s.stop()),
      ]);
    },
  };
  return context;
}
