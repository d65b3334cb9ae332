// Where clients reach /mcp, for the card and the catalog: MCP_PUBLIC_URL (else OAUTH_RESOURCE) when set;
// otherwise the request's own Host, but only when the door checked that Host against a list. With
// ALLOWED_HOSTS=* any Host passes, and a card naming whatever a client sent could be cached and shown to
// others, so there is no URL to give.
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

export interface PublicUrlOptions {
  /** MCP_PUBLIC_URL, else OAUTH_RESOURCE. */
  readonly configured: string | undefined;
  /** The door's ALLOWED_HOSTS: a list, or '*' (nothing checked). */
  readonly allowedHosts: readonly string[] | '*';
  readonly production: boolean;
  /** PUBLIC_BASE_PATH: the prefix a proxy strips before this server sees the path. */
  readonly publicBasePath: string;
}

export type McpUrl =
  | { readonly kind: 'configured' | 'from-host'; readonly url: string }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'bad-host' };

/** A host name or bracketed IPv6 address, with an optional port: what a URL can be built from. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export function mcpUrlOf(req: IncomingMessage, options: PublicUrlOptions): McpUrl {
  if (options.configured !== undefined) return { kind: 'configured', url: options.configured };
  if (options.allowedHosts === '*') return { kind: 'unknown' };
  const host = req.headers.host;
  // The door let this Host in by its name; its port is the client's, and must make a URL.
  if (host === undefined || !HOST.test(host)) return { kind: 'bad-host' };
  // Production sits behind a proxy that ends TLS; elsewhere the connection itself says.
  const secure = options.production || (req.socket as TLSSocket).encrypted === true;
  return { kind: 'from-host', url: `${secure ? 'https' : 'http'}://${host.toLowerCase()}${options.publicBasePath}/mcp` };
}
