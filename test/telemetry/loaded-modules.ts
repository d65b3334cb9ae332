// Run as its own process by lazy-loading.test.ts: builds a tool server from the environment, then prints
// which optional telemetry packages Node has loaded (a fresh process, so Jest's module registry plays no part).
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { createToolServer } from '../../src/server';
import { fixtureTools } from '../support/stand-in-api';

const config = loadConfig();
const server = createToolServer({
  config,
  customerApiUrl: 'http://127.0.0.1:9',
  logger: createLogger({ level: 'silent', destination: process.stderr }),
  tools: fixtureTools,
  info: { name: 'lazy-load-check', version: '0.0.0' },
});
const loaded = Object.keys(require.cache).filter((path) => /[\\/]node_modules[\\/](prom-client|@opentelemetry)[\\/]/.test(path));
const packages = [...new Set(loaded.map((path) => /node_modules[\\/]((?:@opentelemetry[\\/])?[^\\/]+)/.exec(path)![1]!.replace('\\', '/')))];
process.stdout.write(`${JSON.stringify(packages.sort())}\n`);
void server.shutdown();
