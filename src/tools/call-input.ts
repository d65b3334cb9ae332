// What the lanes hand the registry with each call besides its name and arguments: the POST's headers (the
// only source of credentials), its cancellation, and what the lane knows of the client and the caller.
import type { IncomingHttpHeaders } from 'node:http';
import type { Cancellation } from '../call-signal';
import type { PreparedCredentials, Principal } from '../auth/principal';
import type { ClientLink } from '../protocol/client-link';
import type { TraceContext } from '../protocol/trace-context';
import type { ProgressReporter } from './context';

export interface CallInput {
  /** Headers of the HTTP request that carried this call: the only source of credentials. */
  headers: IncomingHttpHeaders;
  /** The call's cancellation (a CallSignal from the lanes; an AbortSignal is accepted too). */
  signal: Cancellation;
  /** Reports progress to the client, when it asked for it (a progressToken) and the lane can deliver it. */
  progress?: ProgressReporter;
  /** W3C trace context received with the call (header or `_meta`): forwarded to the customer's API. */
  trace?: TraceContext;
  /** The JSON-RPC request's id and MCP revision (where known), for the call's span. */
  rpcId?: string | number;
  protocolVersion?: string;
  /**
   * False for a client of a revision before 2025-06-18 (the hub's lane among them): a tool's declared
   * output is still checked and becomes the text, but no `structuredContent` is sent. True when absent.
   */
  structured?: boolean;
  /**
   * The client's address as the door resolved it (src/door, createClientAddress): the last resort of the
   * per-user limits when a call carries neither X-User-Id nor credentials.
   */
  clientAddress?: string;
  /**
   * The caller whose bearer token the edge verified (/mcp with MCP_AUTH=oauth). When set, the
   * customer's API gets credentials made by `upstreamCredentials` and none of the client's own headers;
   * the per-user limits and the log line use its hashed subject tag instead of X-User-Id.
   */
  principal?: Principal;
  /** With `principal`: credentials (or the failure to make them) the edge already got for this call. */
  credentials?: PreparedCredentials;
  /** What the call may send its client (log messages, questions), where the lane has a channel to it. */
  client?: ClientLink;
  /** Set on an operation run through dynamic mode's call tool (./dynamic.ts): its name, for the sentences that say what to call again. */
  via?: string;
  /** True on /mcp (false or absent on the hub's lane): a 401 to an API key then says the key was refused. */
  mcp?: boolean;
  /** Takes `ctx.status(message)` where the call runs as a task (src/mcp/core/tasks); absent otherwise. */
  status?: (message: string) => void;
}
