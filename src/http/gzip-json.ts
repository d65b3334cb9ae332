// Large JSON answers gzipped for a client whose Accept-Encoding allows it (a view's
// resources/read is about 670 KB as JSON, about 150 KB gzipped). Only at GZIP_MIN_BYTES and above, where it
// pays for itself: the small answers of the call path are written as before, their one extra step a
// length check. Compressed off the event loop (zlib's thread pool); a failure sends the JSON as it is.
import type { ServerResponse } from 'node:http';
import { gzip } from 'node:zlib';
import { sendJsonText } from './send-json';

/** Answers shorter than this (in UTF-16 units, a bound on bytes ÷ 3) go uncompressed: gzip would gain little. */
export const GZIP_MIN_BYTES = 16 * 1024;

/** Whether `Accept-Encoding` allows gzip (RFC 9110 §12.5.3): `gzip` (or `x-gzip`), else `*`, with a q above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined || header === '') return false;
  let any = false;
  for (const part of header.toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((item) => item.trim());
    const q = params.find((param) => param.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') return allowed;
    if (coding === '*') any = allowed;
  }
  return any;
}

/** sendJson's answer, gzipped when it is large and `acceptEncoding` (the request's header) allows it. */
export function sendJsonCompressible(res: ServerResponse, status: number, body: unknown, acceptEncoding: string | undefined): void {
  const text = JSON.stringify(body);
  if (text.length < GZIP_MIN_BYTES || !acceptsGzip(acceptEncoding)) return sendJsonText(res, status, text);
  gzip(text, (error, zipped) => {
    if (res.destroyed) return;
    if (error) return sendJsonText(res, status, text);
    res.writeHead(status, [
      'X-Content-Type-Options', 'nosniff',
      'Content-Type', 'application/json; charset=utf-8',
      'Content-Encoding', 'gzip',
      'Vary', 'Accept-Encoding',
      'Content-Length', String(zipped.length),
    ]);
    res.end(zipped);
  });
}
