// One SDK `Server` per session (SDK ≥ 1.26 allows one transport per Server), wired to the shared registry.
// The low-level Server is used because McpServer answers an unknown tool with a result, not -32601.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { IncomingHttpHeaders } from 'node:http';
import type { Registry } from '../tools/registry';
import { JsonRpcError, JsonRpcErrorCode } from './jsonrpc';

export interface ServerInfo {
  name: string;
  version: string;
}

/** Matches tools/call by method only: the params are checked by `callParams` below. */
const ToolsCallMethod = z.looseObject({ method: z.literal('tools/call') });

type RequestHandler = (request: { params?: unknown }, extra: { requestInfo?: { headers: Record<string, unknown> }; signal: AbortSignal }) => Promise<unknown>;
const setProtocolHandler = Protocol.prototype.setRequestHandler as unknown as (
  this: Server,
  schema: typeof ToolsCallMethod,
  handler: RequestHandler,
) => void;

/** The name and arguments of a tools/call, or -32602 with a sentence naming what is wrong. */
function callParams(params: unknown): { name: string; args: unknown } {
  const { name, arguments: args } = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
  if (typeof name !== 'string') {
    throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, 'tools/call needs params.name, the tool name as a string');
  }
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
    throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, 'tools/call params.arguments must be an object');
  }
  return { name, args };
}

/** Shared by every session: by default the SDK builds a new Ajv instance inside every Server. */
let sharedValidator: AjvJsonSchemaValidator | undefined;

export function createMcpServer(registry: Registry, info: ServerInfo): Server {
  const server = new Server(info, {
    capabilities: { tools: {} },
    jsonSchemaValidator: (sharedValidator ??= new AjvJsonSchemaValidator()),
  });
  const listResult = { tools: registry.descriptors };
  server.setRequestHandler(ListToolsRequestSchema, () => listResult as never);
  // Registered below the Server class on purpose: Server wraps every tools/call handler in a full zod parse
  // of the request and of the result (a measurable share of a call's CPU), and answers malformed params
  // with a dump of zod issues. Here the params get a cheap check with a plain message, and results are
  // built by src/tools/results.ts, typed as the SDK's CallToolResult.
  setProtocolHandler.call(server, ToolsCallMethod, async (request, extra) => {
    const { name, args } = callParams(request.params);
    // Contract, Errors table: an unknown tool is a JSON-RPC error -32601, not a tool result.
    if (!registry.has(name)) throw new JsonRpcError(JsonRpcErrorCode.MethodNotFound, `Unknown tool: ${name}`);
    return registry.call(name, args, { headers: (extra.requestInfo?.headers ?? {}) as IncomingHttpHeaders, signal: extra.signal });
  });
  return server;
}
