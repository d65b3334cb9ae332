// The document's server URL and the base path in it (Asana's `https://app.asana.com/api/1.0`, HubSpot
// cards' `…/crm/v3/extensions/cards`): the generated paths are the document's own, so either
// CUSTOMER_API_URL carries the base path, or `--base-path` puts it in each generated path (two
// documents with different bases, one CUSTOMER_API_URL).
import type { OpenApiDocument } from './load';

export interface ServerUrl {
  /** The first server's URL, variables filled with their defaults. */
  url: string;
  /** Its path without a trailing "/": '' when there is none. */
  basePath: string;
}

export function serverUrl(document: OpenApiDocument): ServerUrl | undefined {
  const server = (document.servers ?? [])[0] as { url?: string; variables?: Record<string, { default?: string }> } | undefined;
  if (!server?.url) return undefined;
  const url = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables?.[name]?.default ?? whole);
  let path: string;
  try {
    path = new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return undefined;
  }
  return { url, basePath: decodeURI(path).replace(/\/+$/, '') };
}

/** What `npm run openapi` says about the base path: where it was found and what to set. */
export function basePathLines(found: ServerUrl | undefined, basePath: string | undefined): string[] {
  if (basePath !== undefined) {
    const from = found && found.basePath === basePath ? ` (the document's server ${found.url})` : '';
    const origin = found ? found.url.slice(0, found.url.length - found.basePath.length) : undefined;
    return [`openapi: every generated path starts with ${basePath}${from}; set CUSTOMER_API_URL to the API's origin${origin && /^https?:/.test(origin) ? ` (${origin})` : ''}`];
  }
  if (!found || found.basePath === '') return found ? [`openapi: the document's server is ${found.url}: set CUSTOMER_API_URL to it`] : [];
  return [
    `openapi: the document's server is ${found.url}, base path ${found.basePath}: the generated paths leave it out, so set CUSTOMER_API_URL=${found.url}` +
      ` (or pass --base-path to put ${found.basePath} in every path, when one CUSTOMER_API_URL serves documents with different bases)`,
  ];
}
