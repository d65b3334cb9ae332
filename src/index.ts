// Entry point: .env and configuration → logger → (example API in development) → tool server → listen → shutdown on signal.
// WORKERS>1: this process becomes the cluster's primary (src/cluster) and each worker runs main().
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as catalogue from '../tools';
import type { Resource } from './resources';
import type { Prompt } from './prompts';
import { installLinks, localMcpUrl } from './card';
import { runPrimary } from './cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { readEnvFile, withEnvFile, type EnvFile } from './env-file';
import { listenFailure, type PortSetting } from './http/listen-failure';
import { createLogger, type Logger } from './logger';
import { createToolServer } from './server';
import { sessionBusFromConfig } from './session-bus';
import { keepTickShape } from './tick-shape';
import { withApiName } from './tools';
import { servedTools, toolsetCounts, ToolsetError } from './tools/toolsets';

const { tools } = catalogue;
/** A tools/index.ts written before views existed has no `resources` list: then there are none. */
const resources = (catalogue as { resources?: readonly Resource[] }).resources ?? [];
/** Nor, in releases before prompts, a `prompts` list. */
const prompts = (catalogue as { prompts?: readonly Prompt[] }).prompts ?? [];

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

/**
 * The bundled example API's folder, if this copy still has it: beside src/, in the sources and in dist/ alike.
 * Compiled, the example's sources must exist too whenever this entry's own sources are there, so a
 * dist/example-api left by an older build is never served after a fork deleted example-api/.
 */
function exampleApiFolder(): string | undefined {
  const folder = join(__dirname, '..', 'example-api');
  if (!existsSync(folder)) return undefined;
  const sources = join(__dirname, '..', '..'); // the project root, when this file is dist/src/index.js
  const compiledWithSources = __filename.endsWith('.js') && existsSync(join(sources, 'src', 'index.ts'));
  return compiledWithSources && !existsSync(join(sources, 'example-api')) ? undefined : folder;
}

/** What the example API needs to accept the authorization server's tokens for it (example-api/oauth.ts). */
interface ExampleApiOAuth {
  issuer: string;
  audience: string;
  clientId: string;
  userHeader: string;
}

/**
 * The bundled example API, if this copy still has it: src/ never imports example-api/ statically, so a fork
 * deletes it. With MCP_AUTH=oauth it accepts the tokens OAUTH_ISSUER makes for UPSTREAM_AUDIENCE.
 */
async function startEmbeddedExampleApi(config: Config, logger: Logger): Promise<{ url: string; close(): Promise<void> } | undefined> {
  const folder = exampleApiFolder();
  if (folder === undefined) return undefined;
  // A specifier in a variable: the type checker does not follow it, so the project compiles without the folder.
  // require, not import(): the compiled entry is CommonJS, and ESM's import() refuses a directory.
  const { startExampleApi } = require(folder) as { startExampleApi(options: { port?: number; oauth?: ExampleApiOAuth; logger?: Logger }): Promise<{ url: string; close(): Promise<void> }> }; // eslint-disable-line @typescript-eslint/no-require-imports
  const auth = config.auth;
  const oauth = auth && { issuer: auth.issuer, audience: auth.upstream.audience, clientId: auth.client.id, userHeader: auth.upstream.userHeader };
  // It logs why it refused a request (a 401's reason: missing, malformed, unknown, expired…) in this log.
  return startExampleApi({ port: config.exampleApiPort, ...(oauth ? { oauth } : {}), logger: logger.child({ component: 'example-api' }) });
}

/** The process's logger: pretty in a terminal outside production (LOG_FORMAT=auto), JSON otherwise. */
function loggerFor(config: Config): Logger {
  return createLogger({ level: config.logLevel, shape: config.log, instance: config.instance, where: { terminal: process.stdout.isTTY === true, production: config.env === 'production' } });
}

/** The ports this process listens on, with the settings that chose them, for a failed listen's sentence. */
function portSettings(config: Config): PortSetting[] {
  const ports: PortSetting[] = [{ port: config.port, host: config.host, setting: 'PORT', hostSetting: 'HOST' }];
  const metrics = config.telemetry.metrics;
  if (metrics !== undefined) ports.push({ port: metrics.port, host: metrics.host, setting: 'METRICS_PORT', hostSetting: 'METRICS_HOST' });
  return ports;
}

async function main(config: Config, envFile: EnvFile): Promise<void> {
  // Before the first request and the first idle collection: node's nextTick stays on its compiled path (./tick-shape).
  keepTickShape();
  const logger = loggerFor(config);
  // A cluster's primary has said these already (start, below).
  if (cluster.isPrimary) for (const warning of config.warnings) logger.warn(warning);
  if (envFile.path === undefined) logger.info('no .env file: settings from the environment only');
  else logger.info({ envFile: envFile.path }, 'settings read from .env; variables set in the environment win');

  let customerApiUrl = config.customerApiUrl;
  let stopExampleApi: (() => Promise<void>) | undefined;
  if (customerApiUrl === undefined) {
    // Development only (loadConfig refuses this in production): serve the bundled example API.
    const exampleApi = await startEmbeddedExampleApi(config, logger).catch((error: unknown) => {
      const sentence = listenFailure(error, [{ port: config.exampleApiPort, host: '127.0.0.1', setting: 'EXAMPLE_API_PORT', hostSetting: 'EXAMPLE_API_PORT' }]);
      if (sentence === undefined) throw error;
      process.stderr.write(`${sentence}\n`);
      return process.exit(1);
    });
    if (exampleApi === undefined) {
      process.stderr.write('Invalid configuration:\n  - CUSTOMER_API_URL: is required (the example API in example-api/ is not part of this copy)\n');
      return process.exit(1);
    }
    customerApiUrl = exampleApi.url;
    stopExampleApi = exampleApi.close;
    logger.info({ customerApiUrl }, 'CUSTOMER_API_URL is not set: started the bundled example customer API');
  }

  let served: typeof tools;
  try {
    served = servedTools(tools, config.toolsets);
  } catch (error) {
    if (!(error instanceof ToolsetError)) throw error;
    process.stderr.write(`Invalid configuration:\n  - ${error.message}\n`);
    return process.exit(1);
  }
  if (config.toolsets !== 'all') logger.info({ toolsets: config.toolsets, available: toolsetCounts(tools), served: served.length, of: tools.length }, 'TOOLSETS: serving some toolsets');
  if (config.toolsMode === 'dynamic') logger.info({ operations: served.length }, 'TOOLS_MODE=dynamic: listing tools that find, describe and run the operations, not each operation');
  const server = createToolServer({
    config,
    customerApiUrl,
    logger,
    tools: withApiName(served, config.customerApiName),
    resources,
    prompts,
    // MCP_SERVER_NAME, _TITLE, _DESCRIPTION and package.json's version: initialize, server/discover and the card say the same.
    info: config.card.identity,
    ...sessionBusFromConfig(config, logger),
  });
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
  // Before listening: whoever sees the "listening" line may signal at once.
  process.on('SIGTERM', (signal) => void stop(signal));
  // A cluster worker stops on the primary's SIGTERM; a terminal's Ctrl-C reaches it too and is ignored.
  process.on('SIGINT', (signal) => void (cluster.isWorker ? undefined : stop(signal)));

  let url: string;
  try {
    url = await server.listen();
  } catch (error) {
    const sentence = listenFailure(error, portSettings(config));
    if (sentence === undefined) throw error;
    // One sentence, no stack: the operator's to fix by a setting.
    logger.flush();
    process.stderr.write(`${sentence}\n`);
    return process.exit(1);
  }
  logger.info({ url, tools: served.map((tool) => tool.name), customerApiUrl }, 'tool server listening');
  if (config.env !== 'production' && (cluster.isPrimary || cluster.worker?.id === 1)) logConnectLinks(config, url, logger);
  logger.flush();
}

/** Development: where the card is and how to add this server to a host, for /mcp as configured or as listening here. */
function logConnectLinks(config: Config, url: string, logger: Logger): void {
  const mcpUrl = config.card.publicUrl ?? localMcpUrl(url);
  const { vscodeWeb, cursor, claude, codex, copilot } = installLinks({ serverName: config.card.identity.name, url: mcpUrl, bearer: config.auth === undefined });
  logger.info({ serverCard: `${mcpUrl}/server-card`, vscode: vscodeWeb, cursor, claude, codex, copilot }, 'add it to a host (docs/connect-your-host.md)');
}

function start(): Promise<void> {
  const envFile = readEnvFile();
  const config = configOrExit(envFile);
  if (!cluster.isPrimary || config.workers === 1) return main(config, envFile);
  const logger = loggerFor(config);
  for (const warning of config.warnings) logger.warn(warning);
  runPrimary({ config, logger });
  return Promise.resolve();
}

start().catch((error: unknown) => {
  process.stderr.write(`Fatal: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
