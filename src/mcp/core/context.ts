// What the core's parts share, one floor below them: the context a lane hands the core with each message,
// the server's name, and the shape of one method. core.ts, tools-call.ts, call-link.ts, resources.ts and
// surface.ts import from here, never from core.ts (no import circle).
import type { IncomingHttpHeaders } from 'node:http';
import type { PreparedCredentials, Principal } from '../../auth/principal';
import type { Cancellation } from '../../call-signal';
import type { JsonRpcNotification, JsonRpcRequest, RequestId } from '../../protocol/jsonrpc';

/** MCP's Implementation: `title` since 2025-06-18, `description` since 2025-11-25 (./server-info.ts). */
export interface ServerInfo {
  name: string;
  version: string;
  title?: string;
  description?: string;
}

/** What a lane knows about the HTTP request that carried one message. */
export interface CoreContext {
  /** Headers of that request: the only source of the user's credentials. */
  headers: IncomingHttpHeaders;
  /** Aborted when the client leaves, the stream closes or the request is cancelled. */
  signal: Cancellation;
  /**
   * Sends a notification about this request (progress, log messages), or a request to the client
   * (elicitation, sampling), on the lane's channel; absent when there is none.
   */
  notify?: (message: JsonRpcNotification | JsonRpcRequest) => void;
  /** Aborts another request of the same session (notifications/cancelled); absent on stateless lanes. */
  cancel?: (requestId: RequestId) => void;
  /** The client's address as the door resolved it: the per-user limits' last resort for an anonymous call. */
  clientAddress?: string;
  /** The caller whose bearer token src/auth verified (/mcp, MCP_AUTH=oauth); absent on every other path. */
  principal?: Principal;
  /** With `principal`, on a tools/call: the customer API's credentials the lane already made (src/auth). */
  credentials?: PreparedCredentials;
}

export type Params = Record<string, unknown>;

/** One method of the core: its result, or a promise of it; throws JsonRpcError for the client's mistakes. */
export type Method = (params: Params, ctx: CoreContext, id: RequestId) => unknown;
