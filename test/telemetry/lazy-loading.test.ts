import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The telemetry packages a fresh process has loaded after building a tool server with `env`. */
async function loadedWith(env: Record<string, string>): Promise<string[]> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join(__dirname, 'loaded-modules.ts')], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env },
  });
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
