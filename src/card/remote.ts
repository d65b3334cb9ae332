// The remote a host connects to, as the Server Card and server.json declare it: /mcp over Streamable
// HTTP, the revisions it speaks, and the headers a host must or may send there. Names and how to fill
// them, never a value: both documents are public.
import type { AuthSettings } from '../auth/settings';
import type { DoorSettings } from '../door/settings';
import { SUPPORTED_VERSIONS } from '../protocol/versions';

/** One header as the card and the registry describe it (their `KeyValueInput`), without `value`. */
export interface HeaderInput {
  readonly name: string;
  readonly description: string;
  readonly isRequired: boolean;
  readonly isSecret: boolean;
}

export interface Remote {
  readonly type: 'streamable-http';
  readonly url: string;
  readonly headers?: readonly HeaderInput[];
  readonly supportedProtocolVersions: readonly string[];
}

/** `x-hub-secret` → `X-Hub-Secret`: header names are case-insensitive, hosts show them as written. */
const displayed = (name: string) => name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());

/**
 * With MCP_AUTH=oauth none: the host learns from the 401 and the protected resource metadata how to sign
 * in (RFC 9728), and the card's draft has no member for it. With headers: the user's credential for the
 * customer's API, the tenant when CUSTOMER_API_URL needs it, and the hub's secret header when the door
 * requires one (its name only).
 */
export function remoteHeaders(
  config: { readonly auth?: AuthSettings; readonly door: DoorSettings; readonly customerApiName: string },
  customerApiUrl: string | undefined,
): HeaderInput[] {
  if (config.auth) return [];
  const headers: HeaderInput[] = [];
  const { door } = config;
  if (door.callerAuth === 'on' && door.secrets.length > 0) {
    headers.push({ name: displayed(door.secretHeader), description: 'The shared secret this server requires of every caller; its operator gives it to you.', isRequired: true, isSecret: true });
  }
  headers.push({
    name: 'Authorization',
    description: `Your credential for ${config.customerApiName}, as it expects it (e.g. Bearer <token>): passed on to it unchanged.`,
    isRequired: false,
    isSecret: true,
  });
  if (customerApiUrl?.includes('{tenantId}')) {
    headers.push({ name: 'X-Tenant-Id', description: `Which organisation in ${config.customerApiName} the calls are for.`, isRequired: true, isSecret: false });
  }
  return headers;
}

/** /mcp at `url`: every revision it speaks (server/discover's, and those initialize negotiates). */
export function mcpRemote(url: string, headers: readonly HeaderInput[]): Remote {
  return { type: 'streamable-http', url, ...(headers.length > 0 ? { headers } : {}), supportedProtocolVersions: [...SUPPORTED_VERSIONS] };
}
