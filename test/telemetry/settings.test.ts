import { ConfigError, loadConfig } from '../../src/config';

describe('observability settings', () => {
  it('are off by default: no metrics listener, no tracing', () => {
    expect(loadConfig({}).telemetry).toEqual({ metrics: undefined, tracing: undefined });
  });

  it('METRICS_PORT turns metrics on, on loopback unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({ METRICS_PORT: '9464' }).telemetry.metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).telemetry.metrics).toEqual({ port: 9464, host: '0.0.0.0' });
  });

  it('refuses METRICS_PORT equal to PORT: metrics are never served with the MCP endpoints', () => {
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ from PORT/);
  });

  it.each([
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }, 'http://collector:4318/v1/traces'],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/custom' }, 'http://collector:4318/custom'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:4318/t' }, 'http://b:4318/t'],
  ])('tracing goes to the traces URL the OTLP exporter would use (%p)', (env, url) => {
    expect(loadConfig(env).telemetry.tracing).toEqual({ url, serviceName: undefined });
  });

  it.each([{ OTEL_SDK_DISABLED: 'true' }, { OTEL_TRACES_EXPORTER: 'none' }])('%p turns tracing off even with an endpoint', (env) => {
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', ...env }).telemetry.tracing).toBeUndefined();
  });

  it('refuses an endpoint that is not an http(s) URL', () => {
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});
