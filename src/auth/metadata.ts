// Protected Resource Metadata (RFC 9728) for /mcp: where its tokens come from and which scopes it knows,
// readable without a token, so a client that knows only the /mcp URL can find its way (issue 17).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http/send-json';
import type { AuthSettings } from './settings';

const WELL_KNOWN = '/.well-known/oauth-protected-resource';

export interface ResourceMetadata {
  /** The metadata URL announced in WWW-Authenticate (resource_metadata). */
  readonly url: string;
  /** Paths this server answers it at (exact, without query). */
  readonly paths: readonly string[];
  readonly document: Readonly<Record<string, unknown>>;
}

/**
 * The document, and where it lives. Announced at the resource's origin + PUBLIC_BASE_PATH +
 * /.well-known/oauth-protected-resource/mcp, a path a proxy serving this server under a sub-path routes
 * here; also answered at RFC 9728's path-inserted form of OAUTH_RESOURCE and at the bare well-known path.
 */
export function resourceMetadata(settings: AuthSettings, scopes: readonly string[], publicBasePath: string, name: string): ResourceMetadata {
  const resource = new URL(settings.resource);
  const resourcePath = resource.pathname === '/' ? '' : resource.pathname.replace(/\/$/, '');
  const paths = [...new Set([`${WELL_KNOWN}/mcp`, `${WELL_KNOWN}${resourcePath}`, WELL_KNOWN])];
  return Object.freeze({
    url: `${resource.origin}${publicBasePath}${WELL_KNOWN}/mcp`,
    paths: Object.freeze(paths),
    document: Object.freeze({
      resource: settings.resource,
      authorization_servers: [settings.issuer],
      scopes_supported: [...scopes],
      bearer_methods_supported: ['header'],
      resource_name: name,
    }),
  });
}

/** GET (and HEAD) answer the document as JSON; other methods 405 with a JSON body. */
export function metadataHandler(metadata: ResourceMetadata) {
  const body = metadata.document;
  return function protectedResourceMetadata(req: IncomingMessage, res: ServerResponse): void {
    req.resume();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendJson(res, 405, { error: 'method_not_allowed', message: 'Protected resource metadata is read with GET.' }, { Allow: 'GET, HEAD' });
    }
    // Public and the same for everyone: clients and proxies may cache it for a while.
    sendJson(res, 200, body, { 'Cache-Control': 'public, max-age=300' });
  };
}
