// Settings of metrics and traces. Metrics: off unless METRICS_PORT is set, on a listener of
// their own, loopback by default. Traces: on when an OTLP endpoint is set (the standard OpenTelemetry
// variables; the SDK reads the other OTEL_* variables itself). Composed by src/config.ts.
import type { TelemetrySettings } from './index';
import { type Common, type SettingsOf, httpUrl, oneOf, port, text } from '../config-fields';

export const settings = {
  METRICS_PORT: port().optional(),
  METRICS_HOST: text.default('127.0.0.1'),
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl.optional(),
  OTEL_SERVICE_NAME: text.optional(),
  OTEL_SDK_DISABLED: oneOf(['true', 'false']).optional(),
  OTEL_TRACES_EXPORTER: oneOf(['otlp', 'none']).optional(),
};

type Settings = SettingsOf<typeof settings>;

export function problems(s: Partial<Settings>, common: Common): string[] {
  if (s.METRICS_PORT !== undefined && s.METRICS_PORT !== 0 && s.METRICS_PORT === common.port) {
    return ['METRICS_PORT: must differ from PORT (metrics are never served with the MCP endpoints)'];
  }
  return [];
}

/** Where spans go, by the OTLP exporter's rules: the traces endpoint as given, or the base + /v1/traces. */
function tracesUrl(s: Settings): string | undefined {
  if (s.OTEL_SDK_DISABLED === 'true' || s.OTEL_TRACES_EXPORTER === 'none') return undefined;
  if (s.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined) return s.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (s.OTEL_EXPORTER_OTLP_ENDPOINT === undefined) return undefined;
  return `${s.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
}

export function build(s: Settings): { telemetry: TelemetrySettings } {
  const traces = tracesUrl(s);
  return {
    telemetry: Object.freeze({
      metrics: s.METRICS_PORT === undefined ? undefined : Object.freeze({ port: s.METRICS_PORT, host: s.METRICS_HOST }),
      tracing: traces === undefined ? undefined : Object.freeze({ url: traces, serviceName: s.OTEL_SERVICE_NAME }),
    }),
  };
}
