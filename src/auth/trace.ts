// The span of one token verification (a signature check or an introspection request; a cache hit makes
// none), when tracing is on. The OpenTelemetry API is loaded only then; src/telemetry registered the
// provider globally, so this span joins the same export. Attributes name the method and the outcome only.
import type { IncomingHttpHeaders } from 'node:http';
import type * as Api from '@opentelemetry/api';
import type { Verdict } from './verdict';

export async function traceVerification(
  enabled: boolean,
  method: 'jwt' | 'introspection',
  headers: IncomingHttpHeaders,
  verify: () => Promise<Verdict>,
): Promise<Verdict> {
  if (!enabled) return verify();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when tracing is on
  const api = require('@opentelemetry/api') as typeof Api;
  // A child of the client's traceparent, like the call's own span.
  const parent = api.propagation.extract(api.ROOT_CONTEXT, headers);
  const attributes = { 'auth.method': method };
  const span = api.trace.getTracer('mcp-tool-server').startSpan('auth verify_token', { kind: api.SpanKind.INTERNAL, attributes }, parent);
  try {
    const verdict = await verify();
    span.setAttribute('auth.outcome', verdict.ok ? 'valid' : verdict.kind);
    if (!verdict.ok) span.setStatus({ code: api.SpanStatusCode.ERROR });
    return verdict;
  } finally {
    span.end();
  }
}
