// One SDK `Server` per session (SDK ≥ 1.26 allows one transport per Server), wired to the shared registry.
// The low-level Server is used because McpServer answers an unknown tool with a result, not -32601.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema, type CallToolRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { Registry } from '../tools/registry';
import { JsonRpcError, JsonRpcErrorCode } from './jsonrpc';

export interface ServerInfo {
  name: string;
  version: string;
}

/**
 * Matches tools/call by method only. The Server class validates the params of every tools/call itself and
 * answers a malformed one with -32602; with the full schema here as well, the params would be parsed twice
 * and a malformed call would fail first in that parse, as -32603 "Internal error".
 */
const ToolsCallMethod = z.looseObject({ method: z.literal('tools/call') });

/** Shared by every session: by default the SDK builds a new Ajv instance inside every Server. */
let sharedValidator: AjvJsonSchemaValidator | undefined;

export function createMcpServer(registry: Registry, info: ServerInfo): Server {
  const server = new Server(info, {
    capabilities: { tools: {} },
    jsonSchemaValidator: (sharedValidator ??= new AjvJsonSchemaValidator()),
  });
  const listResult = { tools: registry.descriptors };
  server.setRequestHandler(ListToolsRequestSchema, () => listResult as never);
  server.setRequestHandler(ToolsCallMethod, (request, extra) => {
    const { name, arguments: args } = (request as unknown as CallToolRequest).params;
    // Contract, Errors table: an unknown tool is a JSON-RPC error -32601, not a tool result.
    if (!registry.has(name)) throw new JsonRpcError(JsonRpcErrorCode.MethodNotFound, `Unknown tool: ${name}`);
    return registry.call(name, args, { headers: extra.requestInfo?.headers ?? {}, signal: extra.signal });
  });
  return server;
}
