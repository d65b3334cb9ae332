// One SDK `Server` per session (SDK ≥ 1.26 allows one transport per Server), wired to the shared registry.
// The low-level Server is used because McpServer answers an unknown tool with a result, not -32601.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { Registry } from '../tools/registry';
import { JsonRpcError, JsonRpcErrorCode } from './jsonrpc';

export interface ServerInfo {
  name: string;
  version: string;
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
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const { name, arguments: args } = request.params;
    // Contract, Errors table: an unknown tool is a JSON-RPC error -32601, not a tool result.
    if (!registry.has(name)) throw new JsonRpcError(JsonRpcErrorCode.MethodNotFound, `Unknown tool: ${name}`);
    return registry.call(name, args, { headers: extra.requestInfo?.headers ?? {}, signal: extra.signal });
  });
  return server;
}
