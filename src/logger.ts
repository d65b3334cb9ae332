// The one logger: pino JSON lines, with credential headers redacted at every level.
// Log headers only under the `headers` key (or `req.headers`); the serializer below masks credentials there.
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

const REDACTED = '[redacted]';

/** Header names that carry credentials whatever the configuration says. */
const ALWAYS_SECRET = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'];

export interface LoggerOptions {
  level: string;
  /** Extra credential header names (the configured custom auth headers), any case. */
  secretHeaders?: readonly string[];
  /** Where lines go; stdout by default. Tests pass a sink and parse the lines. */
  destination?: DestinationStream;
}

/**
 * Lines to stdout are buffered up to this many bytes, or for at most FLUSH_INTERVAL_MS: one write per
 * line was a large part of the CPU of a tool call (see docs/performance.md). Call `logger.flush(cb)`
 * before exiting.
 */
const BUFFER_BYTES = 4096;
const FLUSH_INTERVAL_MS = 1000;

/** Returns a copy of `headers` with the value of every credential header replaced. */
export function redactHeaders(
  headers: Record<string, unknown> | undefined,
  secretHeaders: ReadonlySet<string>,
): Record<string, unknown> | undefined {
  if (!headers || typeof headers !== 'object') return headers;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    // X-User-Auth-* are the hub's copies of the user's credentials (contract: Credentials forwarded).
    out[name] = secretHeaders.has(lower) || lower.startsWith('x-user-auth-') ? REDACTED : value;
  }
  return out;
}

export function createLogger({ level, secretHeaders = [], destination }: LoggerOptions): Logger {
  const secrets = new Set([...ALWAYS_SECRET, ...secretHeaders.map((name) => name.toLowerCase())]);
  const headers = (value: Record<string, unknown>) => redactHeaders(value, secrets);
  const logger = pino(
    {
      level,
      base: undefined,
      serializers: {
        headers,
        req: (req: { method?: string; url?: string; headers?: Record<string, unknown> }) => ({
          method: req.method,
          url: req.url,
          headers: headers(req.headers ?? {}),
        }),
        err: pino.stdSerializers.err,
      },
    },
    destination ?? pino.destination({ dest: 1, sync: false, minLength: BUFFER_BYTES }),
  );
  if (!destination) setInterval(() => logger.flush(), FLUSH_INTERVAL_MS).unref();
  return logger;
}
