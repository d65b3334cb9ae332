// Which of the hub's headers reach the customer's API: an allowlist, values passed through unchanged.
// Contract, "Credentials forwarded to tool servers": forward as received, never validate or decode.
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { isSafeId } from '../logging/caller-id';

/** Everything forwarded besides the custom auth headers: the user's credential, cookies, tenant, tracing. */
const AUTHORIZATION = 'authorization';
const HUB_AUTHORIZATION = 'x-user-auth-authorization';
const PASSED_THROUGH = ['cookie', 'x-tenant-id'] as const;
/** What goes upstream besides credentials made by the server: never a credential of the client's. */
const TENANT = 'x-tenant-id';

export type ForwardedHeaders = Record<string, string>;

export interface Caller {
  /**
   * From X-User-Id: for logs and per-user limits only, never for authorization. Undefined when absent or
   * when it fails the id check (over 128 characters, spaces, control or non-ASCII characters): an invalid
   * id is treated as absent, so it never reaches a log line.
   */
  userId: string | undefined;
  tenantId: string | undefined;
  /**
   * From X-Request-Id, or generated when the hub sent none or one that fails the id check; the same id
   * goes upstream and into the log.
   */
  requestId: string;
  /** From X-Session-Id: resolves the user at the hub's file endpoints. */
  sessionId: string | undefined;
  /**
   * True when the verified caller on /mcp (oauth mode) is a machine client with no user (OAuth client
   * credentials: a CI job, a backend); `userId` is then its client's tag. Absent for a person, and on the
   * hub's lane, which carries a user's credentials. A tool that needs a user declares `needsUser` instead of
   * checking this.
   */
  machine?: boolean;
}

function single(value: string | string[] | undefined): string | undefined {
  if (Array.isArray(value)) return value.join(', ');
  return value === '' ? undefined : value;
}

function safeId(value: string | string[] | undefined): string | undefined {
  const text = single(value);
  return text !== undefined && isSafeId(text) ? text : undefined;
}

/**
 * A request id for a call that came without one: unique, and cheaper than a random UUID per call.
 * It keeps a UUID's shape: the first four groups random per process, the last a counter.
 */
const ID_PREFIX = randomUUID().slice(0, 24);
let generated = 0;
function newRequestId(): string {
  generated = (generated + 1) % 0x1000000000000;
  return ID_PREFIX + generated.toString(16).padStart(12, '0');
}

/** Reads who is calling from the headers of one POST. */
export function callerFrom(headers: IncomingHttpHeaders): Caller {
  return {
    userId: safeId(headers['x-user-id']),
    tenantId: single(headers['x-tenant-id']),
    requestId: safeId(headers['x-request-id']) ?? newRequestId(),
    sessionId: single(headers['x-session-id']),
  };
}

/**
 * Picks the headers to send upstream from the headers of one POST (never from GET /sse, never cached:
 * a token refreshed between two calls is used on the very next one).
 * `customAuthHeaders` are lower-case names, computed once from the configuration.
 */
export function forwardedHeaders(
  headers: IncomingHttpHeaders,
  caller: Caller,
  customAuthHeaders: readonly string[],
): ForwardedHeaders {
  const out: ForwardedHeaders = {};
  const authorization = single(headers[AUTHORIZATION]) ?? single(headers[HUB_AUTHORIZATION]);
  if (authorization !== undefined) out[AUTHORIZATION] = authorization;
  for (const name of PASSED_THROUGH) {
    const value = single(headers[name]);
    if (value !== undefined) out[name] = value;
  }
  for (const name of customAuthHeaders) {
    const value = single(headers[name]);
    if (value !== undefined) out[name] = value;
  }
  out['x-request-id'] = caller.requestId;
  return out;
}

/**
 * The headers of one POST that are not credentials (X-Tenant-Id, X-Request-Id), for a call whose
 * credentials the server made itself (/mcp in oauth mode): the client's Authorization, Cookie
 * and custom auth headers are never read here, so they cannot reach the customer's API.
 */
export function contextHeaders(headers: IncomingHttpHeaders, caller: Caller): ForwardedHeaders {
  const out: ForwardedHeaders = {};
  const tenant = single(headers[TENANT]);
  if (tenant !== undefined) out[TENANT] = tenant;
  out['x-request-id'] = caller.requestId;
  return out;
}
