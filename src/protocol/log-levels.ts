// MCP's logging levels (RFC 5424 severities) in order, and how a requested level filters a message.

export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const RANK = new Map<string, number>(LOG_LEVELS.map((level, index) => [level, index]));

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && RANK.has(value);
}

/** Whether a message at `level` passes a client's `threshold` (undefined: the client asked for none). */
export function passes(level: LogLevel, threshold: LogLevel | undefined): boolean {
  return threshold !== undefined && RANK.get(level)! >= RANK.get(threshold)!;
}

/** `_meta` key of a 2026-07-28 request's own log level. */
export const LOG_LEVEL_META = 'io.modelcontextprotocol/logLevel';
