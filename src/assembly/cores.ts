// Two protocol cores over one tool registry. /mcp offers the whole surface: MCP Apps views, prompts,
// completion, logging, questions to the user, tasks. The hub's lane answers as the contract says, with no
// view, no `_meta.ui` and no view-only tool (docs/views.md), and with the contract's fields only.
import type { Config } from '../config';
import type { Logger } from '../logger';
import { createProtocolCore, type ServerInfo } from '../mcp/core';
import { CLIENT_REQUEST_TIMEOUT_MS, MAX_WAITING_PER_CALLER } from '../mcp/core/core';
import { LevelBook } from '../mcp/core/level-book';
import { PendingRequests } from '../mcp/core/pending-requests';
import { RequestStateCodec } from '../mcp/core/request-state';
import { createTasks, type TaskLimits } from '../mcp/core/tasks';
import { createPromptSet, type Prompt } from '../prompts';
import { createResourceSet, isView, type Resource, type ResourceTemplate } from '../resources';
import type { CallTracker, SessionBus } from '../sessions';
import type { Telemetry } from '../telemetry';
import type { Tool } from '../tools/define-tool';
import type { Registry } from '../tools/registry';

export interface CoreOptions {
  config: Config;
  logger: Logger;
  metrics: Telemetry['metrics'];
  info: ServerInfo;
  tools: readonly Tool[];
  registry: Registry;
  resources: readonly Resource[];
  resourceTemplates: readonly ResourceTemplate[];
  prompts: readonly Prompt[];
  bus: SessionBus;
  calls: CallTracker;
  clientRequestTimeoutMs?: number;
  taskLimits?: Partial<TaskLimits>;
}

export function createCores(options: CoreOptions) {
  const { config, logger, metrics, info, registry, resourceTemplates, bus, calls } = options;
  // In development a view's file is read on every resources/read, so what `npm run dev` rebuilt is
  // served at once; elsewhere it is read once.
  const fresh = config.env === 'development';
  const prompts = createPromptSet({
    prompts: options.prompts,
    templateCompleters: new Map(resourceTemplates.map((template) => [template.descriptor.uriTemplate, template.completers])),
  });
  // Questions to users wait here; their answers may reach any worker or replica: routed by the bus.
  const pending = new PendingRequests({ timeoutMs: options.clientRequestTimeoutMs ?? CLIENT_REQUEST_TIMEOUT_MS, maxPerCaller: MAX_WAITING_PER_CALLER }, bus);
  const core = createProtocolCore({
    registry,
    info,
    logger,
    metrics,
    resources: createResourceSet({ resources: options.resources, templates: resourceTemplates, fresh }),
    views: true,
    surface: true,
    prompts,
    pending,
    // 2026-07-28 calls that ask resume on any replica holding the same key (MCP_STATE_SECRET); each state
    // is claimed once through the bus, so a replayed one is refused on every worker and replica.
    states: new RequestStateCodec(config.stateSecret, CLIENT_REQUEST_TIMEOUT_MS, bus),
    // A 2025-era caller's logging/setLevel reaches every worker and replica; each call reads its own copy.
    levels: new LevelBook(bus),
    // Tools that declare `task` run as tasks for clients that can take one; records behind the bus (docs/tasks.md).
    // Without such a tool nothing is offered: no capability, no tasks/* method.
    tasks: options.tools.some((tool) => tool.task !== undefined)
      ? createTasks({ bus, calls, logger, pending, limits: { leaseMs: config.taskLeaseMs, ...options.taskLimits } })
      : undefined,
  });
  const hubCore = createProtocolCore({
    registry,
    info,
    logger,
    metrics,
    resources: createResourceSet({ resources: options.resources.filter((resource) => !isView(resource)), templates: resourceTemplates, fresh }),
    // The hub speaks 2024-11-05 and sends no version: its lists and results carry the contract's fields only.
    unversioned: '2024-11-05',
  });
  return { core, hubCore };
}
