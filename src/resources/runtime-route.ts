// GET <PUBLIC_BASE_PATH>/views/runtime-<hash>.js, mounted only with VIEW_ASSETS_URL set: the
// runtime every view's shared form loads with a classic <script src> from the host's sandboxed frame. It
// is public code, the same for everyone, so no caller check (the door's Host check still applies); its name
// is its content's hash, so browsers and proxies keep it for a year. A classic script's request carries no
// Origin and needs no CORS. Anything else under /views/ is a JSON 404; other methods a JSON 405.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { etagOf, ifNoneMatchHas } from '../http/etag';
import { acceptsGzip } from '../http/gzip-json';
import { sendJson } from '../http/send-json';
import { RUNTIME_FILE } from './view-assets';

/** The path prefix the route answers under (a proxy adds PUBLIC_BASE_PATH in front). */
export const VIEW_ASSETS_PATH = '/views/';

const gzipped = promisify(gzip);

interface Asset {
  body: Buffer;
  zipped: Buffer;
  /** Strong ETags, one per representation (RFC 9110 §8.8.3): the bytes differ. */
  etag: string;
  zippedEtag: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

async function load(file: string): Promise<Asset> {
  const body = await readFile(file);
  return { body, zipped: await gzipped(body), etag: etagOf(body), zippedEtag: etagOf(body, '-gzip') };
}

/** The route's handler; `dir` is where `npm run build` wrote the runtime (dist/views). */
export function runtimeRoute(dir: string): (req: IncomingMessage, res: ServerResponse) => void {
  // Only files that exist are kept: a name's content never changes, and there are one or two of them.
  const assets = new Map<string, Promise<Asset>>();
  const notFound = (res: ServerResponse) =>
    sendJson(res, 404, { error: 'not_found', message: 'No such view asset: only the runtime a view names, /views/runtime-<hash>.js, is served here.' });

  return function viewRuntime(req, res) {
    req.resume();
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const name = (query === -1 ? url : url.slice(0, query)).slice(VIEW_ASSETS_PATH.length);
    if (!RUNTIME_FILE.test(name)) return notFound(res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendJson(res, 405, { error: 'method_not_allowed', message: 'The view runtime is read with GET.' }, { Allow: 'GET, HEAD' });
    }
    let asset = assets.get(name);
    if (asset === undefined) {
      asset = load(join(dir, name));
      assets.set(name, asset);
      asset.catch(() => assets.delete(name));
    }
    asset.then(
      ({ body, zipped, etag, zippedEtag }) => {
        if (res.destroyed) return;
        const zip = acceptsGzip(req.headers['accept-encoding']);
        const tag = zip ? zippedEtag : etag;
        const headers: Record<string, string> = {
          'Cache-Control': IMMUTABLE,
          ETag: tag,
          Vary: 'Accept-Encoding',
          'X-Content-Type-Options': 'nosniff',
          // The view's frame is another origin (a sandbox is an opaque one): allowed to embed it even under COEP.
          'Cross-Origin-Resource-Policy': 'cross-origin',
        };
        if (ifNoneMatchHas(req.headers['if-none-match'], tag)) return void res.writeHead(304, headers).end();
        const sent = zip ? zipped : body;
        res.writeHead(200, {
          ...headers,
          'Content-Type': 'text/javascript; charset=utf-8',
          ...(zip ? { 'Content-Encoding': 'gzip' } : {}),
          'Content-Length': String(sent.length),
        });
        res.end(req.method === 'HEAD' ? undefined : sent);
      },
      () => {
        if (!res.destroyed) notFound(res);
      },
    );
  };
}
