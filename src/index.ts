// Entry point: .env and configuration → logger → (example API in development) → tool server → listen → shutdown on signal.
import { tools } from '../tools';
import { name, version } from '../package.json';
import { startExampleApi } from '../example-api';
import { ConfigError, loadConfig, type Config } from './config';
import { readEnvFile, withEnvFile, type EnvFile } from './env-file';
import { createLogger } from './logger';
import { createToolServer } from './server';

function configOrExit(envFile: EnvFile): Config {
  try {
    return loadConfig(withEnvFile(process.env, envFile));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const source = envFile.path === undefined ? 'the environment (no .env file)' : `the environment and ${envFile.path}`;
    process.stderr.write(`${error.message}\n(settings read from ${source})\n`);
    return process.exit(1);
  }
}

async function main(): Promise<void> {
  const envFile = readEnvFile();
  const config = configOrExit(envFile);
  const logger = createLogger({ level: config.logLevel, secretHeaders: config.customAuthHeaders });
  if (envFile.path === undefined) logger.info('no .env file: settings from the environment only');
  else logger.info({ envFile: envFile.path }, 'settings read from .env; variables set in the environment win');

  let customerApiUrl = config.customerApiUrl;
  let stopExampleApi: (() => Promise<void>) | undefined;
  if (customerApiUrl === undefined) {
    // Development only (loadConfig refuses this in production): serve the bundled example API.
    const exampleApi = await startExampleApi();
    customerApiUrl = exampleApi.url;
    stopExampleApi = exampleApi.close;
    logger.info({ customerApiUrl }, 'CUSTOMER_API_URL is not set: started the bundled example customer API');
  }

  const server = createToolServer({
    config,
    customerApiUrl,
    logger,
    tools,
    info: { name, version },
  });
  const url = await server.listen();
  logger.info({ url, tools: tools.map((tool) => tool.name), customerApiUrl }, 'tool server listening');
  logger.flush();

  let signalled = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (signalled) {
      logger.warn({ signal }, 'second signal: exiting now');
      logger.flush(() => process.exit(1));
      return;
    }
    signalled = true;
    logger.info({ signal, graceMs: config.shutdownGraceMs }, 'shutdown requested');
    try {
      await server.shutdown();
      await stopExampleApi?.();
      logger.info('shutdown complete');
      logger.flush(() => process.exit(0));
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      logger.flush(() => process.exit(1));
    }
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
}

main().catch((error: unknown) => {
  process.stderr.write(`Fatal: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
