// What a tool's `ctx.log(level, data)` may send the client: the same care as the server's own log lines
// (src/logger.ts): headers by allowlist, errors as name and message, every string and object bounded.
import { bounded, boundString, MAX_ERROR_STRING } from './bound';
import { headersForLog } from './headers';

export function forClientLog(data: unknown): unknown {
  if (typeof data === 'string') return boundString(data, MAX_ERROR_STRING);
  if (data instanceof Error) return { error: data.name, message: boundString(data.message, MAX_ERROR_STRING) };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return bounded(data);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'headers') out.headers = headersForLog(value);
    else if (value instanceof Error) out[key] = { error: value.name, message: boundString(value.message, MAX_ERROR_STRING) };
    else out[key] = value;
  }
  return bounded(out);
}
