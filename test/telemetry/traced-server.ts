// A tool server with the fixture tools, run as its own process by tracing.test.ts: the OTLP exporter
// loads node:http with a dynamic import(), which Jest's module sandbox cannot run. Settings come from the
// environment as in production; prints "listening <url>" once ready and exits after a flushed shutdown on SIGTERM.
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { createToolServer } from '../../src/server';
import { fixtureTools } from '../support/stand-in-api';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, destination: process.stderr });
  const server = createToolServer({
    config,
    customerApiUrl: config.customerApiUrl!,
    logger,
    tools: fixtureTools,
    info: { name: 'traced-fixture-server', version: '0.0.1' },
  });
  process.stdout.write(`listening ${await server.listen()}\n`);
  process.once('SIGTERM', () => {
    void server.shutdown().then(() => process.exit(0));
  });
}

void main();
