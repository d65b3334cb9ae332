import { join } from 'node:path';
import { runChild } from '../support/children';

/** The telemetry packages a fresh process has loaded after building a tool server with `env`. */
async function loadedWith(env: Record<string, string>): Promise<string[]> {
  const { code, stdout, stderr } = await runChild(process.execPath, ['--import', 'tsx', join(__dirname, 'loaded-modules.ts')], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env },
  });
  if (code !== 0) throw new Error(`loaded-modules.ts exited ${code}:\n${stderr}`);
  return JSON.parse(stdout) as string[];
}

describe('telemetry packages load only when turned on', () => {
  it('a default server loads neither prom-client nor OpenTelemetry', async () => {
    expect(await loadedWith({})).toEqual([]);
  });

  it('METRICS_PORT loads prom-client, not the OpenTelemetry SDK', async () => {
    const loaded = await loadedWith({ METRICS_PORT: '0' });
    expect(loaded).toContain('prom-client');
    // prom-client itself probes for @opentelemetry/api (exemplars); the SDK and the exporter stay unloaded.
    expect(loaded.filter((name) => name !== 'prom-client' && name !== '@opentelemetry/api')).toEqual([]);
  });

  it('an OTLP endpoint loads OpenTelemetry only', async () => {
    const loaded = await loadedWith({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
    expect(loaded).toContain('@opentelemetry/sdk-trace-node');
    expect(loaded).not.toContain('prom-client');
  });
});
