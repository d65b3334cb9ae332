// The hub-to-tool-server side: one SDK Client over SSE per (binding, tool server), opened on first use.
// Every request it sends (the GET /sse and each POST) goes through `fetch` below, which adds the
// binding's current headers and a fresh X-Request-Id; invalidate closes the connection.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Logger } from '../../src/logger';
import type { BindingStore } from '../stores/bindings';
import { BindingNotFoundError } from './binding-not-found-error';
import { hubRequestHeaders } from './hub-request-headers';

export interface ToolCallerOptions {
  bindings: BindingStore;
  newRequestId: () => string;
  defaultTenantId?: string;
  /** Name the emulator gives itself in the MCP initialize handshake. */
  clientName?: string;
  /** Gets an info line per tool call, with the X-Request-Id of the POST that carried it. */
  logger: Logger;
}

/** Within one call: the X-Request-Id of the last POST sent, which is the one carrying tools/call. */
const lastPost = new AsyncLocalStorage<{ requestId?: string }>();

export interface ToolCaller {
  call(wsId: string, toolServerUrl: string, tool: string, args: Record<string, unknown>): Promise<CallToolResult>;
  listTools(wsId: string, toolServerUrl: string): Promise<Tool[]>;
  /** Closes every connection of that binding: the tool server sees its SSE stream end. */
  disconnect(wsId: string): Promise<void>;
  close(): Promise<void>;
}

/** The tool server's stream address: its base address + sse, unless the address already ends in /sse. */
export function sseUrl(toolServerUrl: string): URL {
  const url = new URL(toolServerUrl);
  return url.pathname.endsWith('/sse') ? url : new URL('sse', url.href.replace(/\/*$/, '/'));
}

export function createToolCaller({ bindings, newRequestId, defaultTenantId, clientName = 'hub-emulator', logger }: ToolCallerOptions): ToolCaller {
  const connections = new Map<string, { wsId: string; client: Promise<Client> }>();

  function fetchFor(wsId: string, sessionId: string): FetchLike {
    return async function fetchWithBinding(url, init) {
      const binding = bindings.get(wsId);
      // a request after invalidate (or after a new binding took the wsId) must not go out
      if (binding === undefined || binding.sessionId !== sessionId) {
        throw new BindingNotFoundError(`no binding for ${wsId}`);
      }
      const headers = new Headers(init?.headers);
      const requestId = newRequestId();
      for (const [name, value] of Object.entries(hubRequestHeaders(binding, requestId, defaultTenantId))) {
        headers.set(name, value);
      }
      const call = lastPost.getStore();
      if (call !== undefined && init?.method === 'POST') call.requestId = requestId;
      return fetch(url, { ...init, headers });
    };
  }

  function connect(wsId: string, toolServerUrl: string): Promise<Client> {
    const binding = bindings.get(wsId);
    if (binding === undefined) return Promise.reject(new BindingNotFoundError(`no binding for ${wsId}`));
    const key = `${binding.sessionId} ${toolServerUrl}`;
    const existing = connections.get(key);
    if (existing !== undefined) return existing.client;

    const client = new Client({ name: clientName, version: '1.0.0' });
    const transport = new SSEClientTransport(sseUrl(toolServerUrl), {
      fetch: fetchFor(wsId, binding.sessionId),
    });
    const connected = client.connect(transport).then(
      () => client,
      async (err: unknown) => {
        connections.delete(key);
        await client.close().catch(() => undefined);
        throw err;
      },
    );
    // a stream the tool server ends is forgotten, so the next call reconnects
    client.onclose = () => {
      if (connections.get(key)?.client === connected) connections.delete(key);
    };
    connections.set(key, { wsId, client: connected });
    return connected;
  }

  async function closeWhere(match: (wsId: string) => boolean): Promise<void> {
    const closing = [...connections.entries()].filter(([, c]) => match(c.wsId));
    for (const [key] of closing) connections.delete(key);
    await Promise.all(closing.map(([, c]) => c.client.then((client) => client.close()).catch(() => undefined)));
  }

  return {
    async call(wsId, toolServerUrl, tool, args) {
      const started = performance.now();
      const sent: { requestId?: string } = {};
      const line = () => ({ tool, wsId, requestId: sent.requestId, durationMs: Math.round((performance.now() - started) * 10) / 10 });
      try {
        const result = await lastPost.run(sent, async () => {
          const client = await connect(wsId, toolServerUrl);
          return (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
        });
        logger.info({ ...line(), isError: result.isError === true }, 'tool call made');
        return result;
      } catch (err) {
        logger.info({ ...line(), error: err instanceof Error ? err.name : 'Error' }, 'tool call made: no result');
        throw err;
      }
    },
    async listTools(wsId, toolServerUrl) {
      const client = await connect(wsId, toolServerUrl);
      return (await client.listTools()).tools;
    },
    disconnect: (wsId) => closeWhere((w) => w === wsId),
    close: () => closeWhere(() => true),
  };
}
