// W3C trace context received from the client: the `traceparent` / `tracestate` HTTP headers, or the same
// keys in the request's `_meta` (MCP 2026-07-28). Forwarded to the customer's API so one call can be
// followed end to end. Malformed values are dropped, never forwarded.

export interface TraceContext {
  traceparent: string;
  tracestate?: string;
}

/** version-traceid-parentid-flags; all-zero ids are invalid (W3C Trace Context, section 3.2). */
const TRACEPARENT = /^[0-9a-f]{2}-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}$/;
/** A list of key=value members; bounded, printable ASCII without spaces inside members. */
const TRACESTATE = /^[\x21-\x7e](?:[\x20-\x7e]{0,510}[\x21-\x7e])?$/;

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

export function traceContext(
  headers: Readonly<Record<string, unknown>>,
  meta: Readonly<Record<string, unknown>> | undefined,
): TraceContext | undefined {
  const fromMeta = meta !== undefined && meta.traceparent !== undefined;
  const traceparent = text(fromMeta ? meta.traceparent : headers.traceparent)?.trim().toLowerCase();
  if (traceparent === undefined || !TRACEPARENT.test(traceparent)) return undefined;
  const tracestate = text(fromMeta ? meta.tracestate : headers.tracestate)?.trim();
  return tracestate !== undefined && TRACESTATE.test(tracestate) ? { traceparent, tracestate } : { traceparent };
}
