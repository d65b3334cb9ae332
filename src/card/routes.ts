// GET /mcp/server-card and GET /.well-known/ai-catalog.json: public documents, readable by anyone the
// Host check lets in (no token, no hub secret, any web page: CORS *), cacheable for an hour and
// revalidated by ETag, as the Server Card draft asks. Other methods 405, an Accept neither JSON form
// satisfies 406, all with a JSON body.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { etagOf, ifNoneMatchHas } from '../http/etag';
import { sendJson } from '../http/send-json';
import type { ServerInfo } from '../mcp/core/context';
import { AI_CATALOG_TYPE, aiCatalog, SERVER_CARD_TYPE, serverCard } from './documents';
import { mcpUrlOf, type PublicUrlOptions } from './public-url';
import { mcpRemote, type HeaderInput } from './remote';

/** Appended to the streamable-HTTP URL, the location the draft reserves for a server's card. */
export const SERVER_CARD_PATH = '/mcp/server-card';
/** Site-wide discovery (the draft's AI Catalog well-known URI). */
export const AI_CATALOG_PATH = '/.well-known/ai-catalog.json';

const ALLOW = 'GET, HEAD, OPTIONS';
/** The draft's CORS headers: the documents are public and read-only. */
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET',
  'Access-Control-Allow-Headers': 'Content-Type, If-None-Match',
  'Access-Control-Expose-Headers': 'ETag',
} as const;

export interface CardRouteOptions extends PublicUrlOptions {
  readonly info: ServerInfo;
  /** The headers a host sends to /mcp (./remote.ts), named in the card. */
  readonly headers: readonly HeaderInput[];
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The media type to answer with: the document's own, plain JSON for a client that asks only for that, or none (406). */
export function negotiated(accept: string | undefined, own: string): string | undefined {
  if (accept === undefined || accept.trim() === '') return own;
  const ranges = accept.split(',').flatMap((part) => {
    const [range = '', ...params] = part.split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0 ? [range.trim().toLowerCase()] : [];
  });
  if (ranges.some((range) => range === own || range === '*/*' || range === 'application/*')) return own;
  return ranges.includes('application/json') ? 'application/json' : undefined;
}

export function createCardRoutes(options: CardRouteOptions): { routes: Record<string, Handler>; paths: readonly string[] } {
  const remoteAt = (url: string) => mcpRemote(url, options.headers);

  function serve(own: string, documentAt: (mcpUrl: string) => unknown, what: string): Handler {
    return function publicDocument(req, res) {
      req.resume();
      if (req.method === 'OPTIONS') return void res.writeHead(204, { ...CORS, 'Access-Control-Max-Age': '86400', 'X-Content-Type-Options': 'nosniff' }).end();
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return sendJson(res, 405, { error: 'method_not_allowed', message: `The ${what} is read with GET.` }, { ...CORS, Allow: ALLOW });
      }
      const type = negotiated(req.headers.accept, own);
      if (type === undefined) {
        return sendJson(res, 406, { error: 'not_acceptable', message: `The ${what} is served as ${own} (or application/json): say so in Accept.` }, CORS);
      }
      const mcpUrl = mcpUrlOf(req, options);
      if (mcpUrl.kind === 'unknown') {
        return sendJson(res, 404, { error: 'public_url_unknown', message: `No ${what}: set MCP_PUBLIC_URL to the public URL of /mcp (with ALLOWED_HOSTS=* this server does not take it from a Host header).` }, CORS);
      }
      if (mcpUrl.kind === 'bad-host') {
        return sendJson(res, 400, { error: 'bad_host', message: 'The Host header must be a host name with an optional port.' }, CORS);
      }
      const body = JSON.stringify(documentAt(mcpUrl.url));
      // One tag per representation: the same bytes under another Content-Type are another one.
      const etag = etagOf(body, type === own ? '' : '-json');
      const headers: Record<string, string> = {
        ...CORS,
        'Cache-Control': 'public, max-age=3600',
        ETag: etag,
        // A URL taken from Host differs by Host: caches must keep one per name.
        ...(mcpUrl.kind === 'from-host' ? { Vary: 'Host, Accept' } : { Vary: 'Accept' }),
        'X-Content-Type-Options': 'nosniff',
      };
      if (ifNoneMatchHas(req.headers['if-none-match'], etag)) return void res.writeHead(304, headers).end();
      res.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(body)) });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
  }

  return {
    routes: {
      [SERVER_CARD_PATH]: serve(SERVER_CARD_TYPE, (url) => serverCard(options.info, remoteAt(url)), 'Server Card'),
      [AI_CATALOG_PATH]: serve(AI_CATALOG_TYPE, (url) => aiCatalog(options.info.name, `${url}/server-card`), 'AI Catalog'),
    },
    paths: [SERVER_CARD_PATH, AI_CATALOG_PATH],
  };
}
