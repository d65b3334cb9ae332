// Which request headers a log line may show: an ALLOWLIST of harmless names. Every other header is
// shown as '[redacted]', whatever its name (a credential header nobody listed, `X-Auth-Token`, is covered
// too). X-Session-Id is shown as a short hash; caller-supplied ids only when they pass the id check.
import { isSafeId } from './caller-id';
import { boundString } from './bound';
import { sessionTag } from './session-tag';

export const REDACTED = '[redacted]';

/** Shown as they are (bounded). Forkers may add names here; never a credential or a session id. */
const HARMLESS = new Set([
  'accept',
  'accept-encoding',
  'content-type',
  'content-length',
  'user-agent',
  'host',
  'mcp-protocol-version',
  'mcp-method',
  'mcp-name',
  'x-tenant-id',
  'traceparent',
  'tracestate',
]);
/** Caller-supplied ids: shown only if they pass the length and charset check. */
const IDS = new Set(['x-request-id', 'x-user-id']);
/** Session ids: shown as a hash (X-Session-Id unlocks the user's files; Mcp-Session-Id a Streamable HTTP session). */
const SESSIONS = new Set(['x-session-id', 'mcp-session-id']);

const MAX_HEADERS = 50;

function shown(name: string, value: unknown): unknown {
  if (HARMLESS.has(name)) return typeof value === 'string' ? boundString(value) : REDACTED;
  if (IDS.has(name)) return typeof value === 'string' && isSafeId(value) ? value : '[invalid]';
  if (SESSIONS.has(name)) return typeof value === 'string' ? `#${sessionTag(value)}` : REDACTED;
  return REDACTED;
}

/** A copy of `headers` for a log line: allowlisted values, the rest '[redacted]'. */
export function headersForLog(headers: unknown): Record<string, unknown> | undefined {
  if (typeof headers !== 'object' || headers === null) return undefined;
  const out: Record<string, unknown> = {};
  let count = 0;
  for (const [name, value] of Object.entries(headers)) {
    // A header taken out of the request (a verified bearer token) is not shown at all.
    if (value === undefined) continue;
    if (count++ === MAX_HEADERS) {
      out['…'] = 'more headers';
      break;
    }
    out[boundString(name, 64)] = shown(name.toLowerCase(), value);
  }
  return out;
}
