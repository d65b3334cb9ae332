// A stand-in OpenTelemetry collector on loopback: accepts POST /v1/traces (OTLP/HTTP JSON) and keeps
// the decoded spans, flattened with their attributes as a plain object.
import { createServer } from 'node:http';
import { listen, type Listening } from '../../src/http/listen';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** 1 internal, 2 server, 3 client. */
  kind: number;
  status: { code?: number };
  attributes: Record<string, string | number | boolean | undefined>;
  service: unknown;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpKeyValue {
  key: string;
  value: OtlpValue;
}
interface OtlpBody {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpKeyValue[] };
    scopeSpans?: Array<{ spans?: Array<Omit<ReceivedSpan, 'attributes' | 'service'> & { attributes?: OtlpKeyValue[] }> }>;
  }>;
}

function flatten(attributes: OtlpKeyValue[] = []): ReceivedSpan['attributes'] {
  const out: ReceivedSpan['attributes'] = {};
  for (const { key, value } of attributes) {
    out[key] = value.stringValue ?? (value.intValue === undefined ? undefined : Number(value.intValue)) ?? value.boolValue ?? value.doubleValue;
  }
  return out;
}

export interface OtlpReceiver extends Listening {
  readonly spans: ReceivedSpan[];
  /** Raw request bodies, to check that nothing secret was exported. */
  readonly bodies: string[];
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !/json/.test(req.headers['content-type'] ?? '')) {
        res.writeHead(415).end();
        return;
      }
      const text = Buffer.concat(chunks).toString('utf8');
      bodies.push(text);
      for (const resourceSpans of (JSON.parse(text) as OtlpBody).resourceSpans ?? []) {
        const service = flatten(resourceSpans.resource?.attributes)['service.name'];
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({ ...span, parentSpanId: span.parentSpanId || undefined, attributes: flatten(span.attributes), service });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { ...(await listen(server)), spans, bodies };
}
