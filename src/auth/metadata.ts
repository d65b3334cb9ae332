// Protected Resource Metadata (RFC 9728) for /mcp: where its tokens come from and which scopes it knows,
// readable without a token, so a client that knows only the /mcp URL can find its way. Under an
// alias of OAUTH_RESOURCE (src/auth/resource-aliases.ts) it names that alias, the URL the client was given.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http/send-json';
import type { Logger } from '../logger';
import type { AuthSettings } from './settings';

const WELL_KNOWN = '/.well-known/oauth-protected-resource';
/** Distinct unknown hosts the hint below is logged for, at most (a client chooses its Host header). */
const MAX_HINTED_HOSTS = 20;

/** One name of /mcp: its metadata URL and document. */
interface Named {
  readonly url: string;
  readonly document: Readonly<Record<string, unknown>>;
}

export interface ResourceMetadata {
  /** The metadata URL of OAUTH_RESOURCE. */
  readonly url: string;
  /** Paths this server answers it at (exact, without query). */
  readonly paths: readonly string[];
  /** The document of OAUTH_RESOURCE. */
  readonly document: Readonly<Record<string, unknown>>;
  /** The metadata URL (in WWW-Authenticate) and document for a request under this Host: its alias's, else OAUTH_RESOURCE's. */
  under(host: string | undefined): Named;
}

const pathOf = (url: URL) => (url.pathname === '/' ? '' : url.pathname.replace(/\/$/, ''));

/**
 * The document, and where it lives. Announced at the resource's origin + PUBLIC_BASE_PATH +
 * /.well-known/oauth-protected-resource/mcp, a path a proxy serving this server under a sub-path routes
 * here; also answered at RFC 9728's path-inserted form of OAUTH_RESOURCE and at the bare well-known path.
 */
export function resourceMetadata(settings: AuthSettings, scopes: readonly string[], publicBasePath: string, name: string): ResourceMetadata {
  const names = [settings.resource, ...(settings.resourceAliases ?? [])];
  const paths = [...new Set([`${WELL_KNOWN}/mcp`, ...names.map((resource) => `${WELL_KNOWN}${pathOf(new URL(resource))}`), WELL_KNOWN])];
  const byHost = new Map<string, Named>();
  for (const resource of names) {
    const url = new URL(resource);
    if (byHost.has(url.host)) continue;
    byHost.set(url.host, Object.freeze({
      url: `${url.origin}${publicBasePath}${WELL_KNOWN}/mcp`,
      document: Object.freeze({
        resource,
        authorization_servers: [settings.issuer],
        scopes_supported: [...scopes],
        bearer_methods_supported: ['header'],
        resource_name: name,
      }),
    }));
  }
  const canonical = byHost.get(new URL(settings.resource).host)!;
  return Object.freeze({
    url: canonical.url,
    paths: Object.freeze(paths),
    document: canonical.document,
    under: (host: string | undefined) => (host === undefined ? canonical : (byHost.get(host.toLowerCase()) ?? canonical)),
  });
}

/**
 * GET (and HEAD) answer the document as JSON; other methods 405 with a JSON body. Read under another host
 * than OAUTH_RESOURCE's, it logs a hint once per host: which resource it named, and what to do when that is
 * not the URL the client was given (it will refuse it).
 */
export function metadataHandler(metadata: ResourceMetadata, settings: AuthSettings, logger?: Logger) {
  const canonicalHost = new URL(settings.resource).host;
  const hinted = new Set<string>();
  function hint(host: string | undefined, named: Named): void {
    if (host === undefined || host.toLowerCase() === canonicalHost || hinted.has(host) || hinted.size >= MAX_HINTED_HOSTS) return;
    hinted.add(host);
    // The Host header is the client's: only a bounded host-name shape reaches the log.
    const shown = /^[A-Za-z0-9.:[\]-]{1,100}$/.test(host) ? host : '(not a host name)';
    if (named !== metadata.under(undefined)) {
      logger?.info({ host: shown, resource: named.document.resource, canonical: settings.resource }, 'resource metadata read under an alias of OAUTH_RESOURCE: it names the alias, and tokens for it are accepted');
    } else {
      logger?.warn(
        { host: shown, resource: settings.resource },
        'resource metadata read under a host that is not OAUTH_RESOURCE\'s: it names OAUTH_RESOURCE, which clients given another URL refuse (mcp-remote, the MCP SDKs: "does not match expected"). Give clients the URL of OAUTH_RESOURCE, or add this one to OAUTH_RESOURCE_ALIASES',
      );
    }
  }
  return function protectedResourceMetadata(req: IncomingMessage, res: ServerResponse): void {
    req.resume();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendJson(res, 405, { error: 'method_not_allowed', message: 'Protected resource metadata is read with GET.' }, { Allow: 'GET, HEAD' });
    }
    const named = metadata.under(req.headers.host);
    hint(req.headers.host, named);
    // Public and the same for everyone under one host name: clients and proxies may cache it for a while.
    sendJson(res, 200, named.document, { 'Cache-Control': 'public, max-age=300', Vary: 'Host' });
  };
}
