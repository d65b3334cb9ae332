// Traces with OpenTelemetry, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT (or ..._TRACES_ENDPOINT) is
// set: a SERVER span per tool call, continuing the client's traceparent (header or `_meta`), and a CLIENT
// child span per request to the customer API, whose own traceparent is what that API receives, so the
// company's tracing joins the same trace. Exported as OTLP/HTTP JSON; the SDK reads the other standard
// OTEL_* variables itself (OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER, OTEL_BSP_*...).
// Attributes: OpenTelemetry's MCP conventions (gen-ai/mcp.md) and HTTP client conventions. Never an
// argument value, a credential or a filled-in URL: the path is the tool's template (/orders/:id).
import type * as Api from '@opentelemetry/api';
import type * as Core from '@opentelemetry/core';
import type * as Exporter from '@opentelemetry/exporter-trace-otlp-http';
import type * as Resources from '@opentelemetry/resources';
import type * as NodeSdk from '@opentelemetry/sdk-trace-node';
import type { CallSpan, RpcInfo, Tracing, UpstreamSpan } from './telemetry';

export interface TracingSettings {
  /** Where spans are posted: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces. */
  url: string;
  serviceName: string;
  serviceVersion: string;
  /** CUSTOMER_API_URL, for server.address / server.port of the upstream spans. */
  customerApiUrl: string;
}

/** server.address and server.port of the customer API; none when the host holds {tenantId}. */
function serverOf(baseUrl: string): Record<string, string | number> {
  try {
    const url = new URL(baseUrl);
    const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
    return { 'server.address': url.hostname, 'server.port': port };
  } catch {
    return {};
  }
}

export function createTracing(settings: TracingSettings): Tracing {
  // Required here: a server without an OTLP endpoint never loads the SDK.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const api = require('@opentelemetry/api') as typeof Api;
  const { W3CTraceContextPropagator } = require('@opentelemetry/core') as typeof Core;
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof Exporter;
  const { detectResources, envDetector, resourceFromAttributes } = require('@opentelemetry/resources') as typeof Resources;
  const { BatchSpanProcessor, NodeTracerProvider } = require('@opentelemetry/sdk-trace-node') as typeof NodeSdk;
  /* eslint-enable @typescript-eslint/no-require-imports */

  const resource = resourceFromAttributes({ 'service.name': settings.serviceName, 'service.version': settings.serviceVersion }).merge(
    detectResources({ detectors: [envDetector] }), // OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME win
  );
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: settings.url }))],
  });
  // Global registration (context manager, propagator, provider): spans a tool makes with
  // @opentelemetry/api nest under its call's span. One tool server per process.
  provider.register();
  const tracer = provider.getTracer('mcp-tool-server', settings.serviceVersion);
  const propagator = new W3CTraceContextPropagator();
  const upstreamServer = serverOf(settings.customerApiUrl);

  function upstreamSpan(parent: Api.Context, method: string, template: string): UpstreamSpan {
    const span = tracer.startSpan(
      `${method} ${template}`,
      { kind: api.SpanKind.CLIENT, attributes: { 'http.request.method': method, 'url.template': template, ...upstreamServer } },
      parent,
    );
    const headers: Record<string, string> = {};
    propagator.inject(api.trace.setSpan(api.ROOT_CONTEXT, span), headers, api.defaultTextMapSetter);
    return {
      headers,
      end(status, errorType) {
        if (status !== undefined) span.setAttribute('http.response.status_code', status);
        const failure = errorType ?? (status !== undefined && status >= 400 ? String(status) : undefined);
        if (failure !== undefined) {
          span.setAttribute('error.type', failure);
          span.setStatus({ code: api.SpanStatusCode.ERROR });
        }
        span.end();
      },
    };
  }

  return {
    startCall(tool, rpc: RpcInfo | undefined, traceparent, tracestate) {
      const received =
        traceparent === undefined
          ? api.ROOT_CONTEXT
          : propagator.extract(api.ROOT_CONTEXT, tracestate === undefined ? { traceparent } : { traceparent, tracestate }, api.defaultTextMapGetter);
      const attributes: Api.Attributes = {
        'mcp.method.name': 'tools/call',
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': tool,
      };
      if (rpc?.id !== undefined) attributes['jsonrpc.request.id'] = String(rpc.id);
      if (rpc?.protocolVersion !== undefined) attributes['mcp.protocol.version'] = rpc.protocolVersion;
      const span = tracer.startSpan(`tools/call ${tool}`, { kind: api.SpanKind.SERVER, attributes }, received);
      const active = api.trace.setSpan(received, span);
      return {
        startUpstream: (method, template) => upstreamSpan(active, method, template),
        startStep(name, stepAttributes) {
          const step = tracer.startSpan(name, { kind: api.SpanKind.INTERNAL, attributes: stepAttributes }, active);
          return {
            end(errorType) {
              if (errorType !== undefined) {
                step.setAttribute('error.type', errorType);
                step.setStatus({ code: api.SpanStatusCode.ERROR });
              }
              step.end();
            },
          };
        },
        run: (fn) => api.context.with(active, fn),
        end(outcome, failed) {
          if (failed) {
            span.setAttribute('error.type', outcome);
            span.setStatus({ code: api.SpanStatusCode.ERROR });
          }
          span.end();
        },
      } satisfies CallSpan;
    },
    async shutdown() {
      await provider.shutdown();
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
    },
  };
}
