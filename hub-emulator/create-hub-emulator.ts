// Assembles the hub emulator: stores, the tool caller, and the express app with the contract's
// endpoints and the emulator's own /emulator routes. The caller owns the HTTP server (listen/close).
import express, { type Express } from 'express';
import pino from 'pino';
import { randomUUID } from 'node:crypto';
import { assertEmulatorOptions, DEFAULT_FILE_LIMIT, DEFAULT_JSON_LIMIT, type HubEmulatorOptions } from './options';
import { createBindingStore, type BindingStore } from './stores/bindings';
import { createKnowledgeStore, type KnowledgeStore } from './stores/knowledge';
import { createLibraryStore, type LibraryStore } from './stores/libraries';
import { createToolCaller, type ToolCaller } from './tool-caller/tool-caller';
import { jsonErrors, notFound } from './http/json-errors';
import { requestLog } from './http/request-log';
import { authRoutes } from './routes/auth';
import { fileRoutes } from './routes/files';
import { knowledgeRoutes } from './routes/knowledge';
import { emulatorRoutes } from './routes/emulator';

export interface HubEmulator {
  app: Express;
  /** In-process access to the state, for tests and seeding. */
  bindings: BindingStore;
  libraries: LibraryStore;
  knowledge: KnowledgeStore;
  tools: ToolCaller;
  /** Closes the emulator's tool-server connections. */
  close(): Promise<void>;
}

export function createHubEmulator(options: HubEmulatorOptions): HubEmulator {
  assertEmulatorOptions(options);
  const {
    embedKey,
    keys,
    toolServerUrl,
    defaultTenantId,
    jsonLimit = DEFAULT_JSON_LIMIT,
    fileLimit = DEFAULT_FILE_LIMIT,
    newSessionId = () => `hubsess_${randomUUID()}`,
    newRequestId = () => `hubreq_${randomUUID()}`,
    logger = pino({ level: 'silent' }),
  } = options;

  const bindings = createBindingStore(newSessionId);
  const libraries = createLibraryStore();
  const knowledge = createKnowledgeStore();
  const tools = createToolCaller({ bindings, newRequestId, logger, ...(defaultTenantId === undefined ? {} : { defaultTenantId }) });

  const app = express();
  app.disable('x-powered-by');
  app.use(requestLog(logger));
  app.use('/api/auth', authRoutes({ embedKey, jsonLimit, bindings, tools }));
  app.use('/api/mcp/files', fileRoutes({ keys, jsonLimit, fileLimit, bindings, libraries }));
  app.use('/api/admin/knowledge', knowledgeRoutes({ keys, fileLimit, knowledge }));
  app.use('/emulator', emulatorRoutes({ jsonLimit, fileLimit, toolServerUrl, bindings, libraries, knowledge, tools }));
  app.use(notFound);
  app.use(jsonErrors);

  return { app, bindings, libraries, knowledge, tools, close: () => tools.close() };
}
