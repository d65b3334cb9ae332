// The server the official MCP conformance suite runs against (scripts/mcp-conformance.sh): the real tool
// server with the fixture tools, resources and prompts the suite's scenarios name (each scenario's
// description says what it must return). Prints its URL on the first line.
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { createToolServer } from '../../src/server';
import { prompts, resources, resourceTemplates, tools } from './fixtures';

async function main(): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', CUSTOMER_API_URL: 'http://127.0.0.1:9' });
  const logger = createLogger({ level: config.logLevel });
  const server = createToolServer({ config, customerApiUrl: 'http://127.0.0.1:9', logger, tools, resources, resourceTemplates, prompts, info: { name: 'conformance-fixture', version: '0.0.0' } });
  const url = await server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
  process.stdout.write(`${url}\n`);
  const stop = () => void server.shutdown().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

void main();
