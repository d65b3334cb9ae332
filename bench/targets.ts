// The clients of one measured target, opened for a round and closed after it: MCP over HTTP+SSE (streams,
// workers spread evenly over them), MCP over POST /mcp, or the API directly (the floor).
import { DirectApiClient, McpLoadClient } from './load';
import { StreamableLoadClient, type McpEra } from './mcp-client';
import { HEADERS, orderId, TOOL } from './context';
import type { CallOnce } from './rounds';

/** An MCP caller whose connections stay open until `close`: for phases that keep several clients at once. */
export interface McpCaller {
  readonly call: CallOnce;
  close(): Promise<void>;
}

/**
 * Calls `tool` (get_order by default; get_order_text, its pass-through without an output, takes the same
 * arguments) as POST /mcp in `era`, one answer per response, on a pool of `connections`.
 */
export function mcpCaller(url: string, era: McpEra, connections: number, timeoutMs: number, tool: string = TOOL): McpCaller {
  const client = new StreamableLoadClient(url, { era, connections, headers: HEADERS, timeoutMs });
  return { call: (_worker, n) => client.callTool(tool, { orderId: orderId(n) }), close: () => client.close() };
}

/** `use` given an mcpCaller's calls, closed after it however it ends. */
export async function withMcpCalls<T>(
  url: string,
  era: McpEra,
  connections: number,
  timeoutMs: number,
  use: (call: CallOnce) => Promise<T>,
  tool: string = TOOL,
): Promise<T> {
  const caller = mcpCaller(url, era, connections, timeoutMs, tool);
  try {
    return await use(caller.call);
  } finally {
    await caller.close();
  }
}

/** Calls over `streams` SSE sessions (each initialised first), POSTs on a pool of `connections`, open until `close`. */
export async function sseCaller(url: string, streams: number, connections: number, timeoutMs: number): Promise<McpCaller> {
  const client = await McpLoadClient.connect(url, { sessions: streams, connections, headers: HEADERS, timeoutMs });
  return { call: (worker, n) => client.callTool(worker, TOOL, { orderId: orderId(n) }), close: () => client.close() };
}

/** `use` given an sseCaller's calls, closed after it however it ends. */
export async function withSseCalls<T>(
  url: string,
  streams: number,
  connections: number,
  timeoutMs: number,
  use: (call: CallOnce) => Promise<T>,
): Promise<T> {
  const caller = await sseCaller(url, streams, connections, timeoutMs);
  try {
    return await use(caller.call);
  } finally {
    await caller.close();
  }
}

/** The tool's upstream GET straight to the API, with the same client library: the floor. */
export async function withFloorCalls<T>(apiUrl: string, connections: number, use: (call: CallOnce) => Promise<T>): Promise<T> {
  const client = new DirectApiClient(apiUrl, connections, HEADERS);
  try {
    return await use((_worker, n) => client.getOrder(orderId(n)));
  } finally {
    await client.close();
  }
}
