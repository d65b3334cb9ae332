// Reads a JSON request body with a size cap. Used instead of express.json() on POST /messages, the hot
// path: no charset negotiation, no type-is, one JSON.parse. Failures carry the status to answer with.
import type { IncomingMessage } from 'node:http';

export class BodyError extends Error {
  override name = 'BodyError';
  constructor(
    readonly status: 400 | 413 | 415,
    readonly kind: 'parse' | 'too-large' | 'too-deep' | 'media-type' | 'aborted',
    message: string,
  ) {
    super(message);
  }
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const NON_UTF8_CHARSET = /;\s*charset\s*=\s*"?(?!utf-?8\b)[^";\s]+/i;

/** Nesting deeper than this is refused before parsing: no message of this protocol comes close. */
export const MAX_JSON_DEPTH = 64;

/**
 * True when `text` has at most `max` opening brackets in all, strings included: then nothing in it can
 * nest deeper than `max`. Found by indexOf (a memchr), several times faster than the scan below, which a
 * body of this protocol then never needs.
 */
function fewBrackets(text: string, max: number): boolean {
  let count = 0;
  for (let at = text.indexOf('{'); at !== -1; at = text.indexOf('{', at + 1)) if (++count > max) return false;
  for (let at = text.indexOf('['); at !== -1; at = text.indexOf('[', at + 1)) if (++count > max) return false;
  return true;
}

/** True when `text` nests arrays/objects deeper than `max` (a byte scan that skips strings). */
export function nestsDeeperThan(text: string, max: number): boolean {
  if (fewBrackets(text, max)) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

export function isJsonContentType(contentType: string | undefined): boolean {
  return contentType !== undefined && JSON_TYPE.test(contentType) && !NON_UTF8_CHARSET.test(contentType);
}

/**
 * Reads and parses the body, then calls `done` once: with the value, or with a BodyError (the body was
 * refused or unreadable). Content-Encoding is not accepted. A callback rather than a promise: the lanes
 * wrap it in the one promise their handler awaits (one promise and one hop less per message).
 */
export function readJson(req: IncomingMessage, limit: number, done: (error: BodyError | undefined, body?: unknown) => void): void {
  if (!isJsonContentType(req.headers['content-type'])) {
    req.resume();
    return done(new BodyError(415, 'media-type', 'Content-Type must be application/json (utf-8)'));
  }
  const encoding = req.headers['content-encoding'];
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') {
    req.resume();
    return done(new BodyError(415, 'media-type', 'Content-Encoding is not supported'));
  }
  const declared = Number(req.headers['content-length']);
  const tooLarge = () => new BodyError(413, 'too-large', `Body is larger than the limit of ${limit} bytes`);
  if (declared > limit) {
    req.resume();
    return done(tooLarge());
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const settle = (error: BodyError | undefined, body?: unknown): void => {
    if (settled) return;
    settled = true;
    done(error, body);
  };
  req.on('data', (chunk: Buffer) => {
    if (settled) return;
    size += chunk.length;
    if (size > limit) {
      chunks.length = 0;
      settle(tooLarge());
      return; // keep reading (discarding) so the 413 can be written on an intact connection
    }
    chunks.push(chunk);
  });
  req.on('error', () => settle(new BodyError(400, 'aborted', 'Request body was not received completely')));
  req.on('end', () => {
    if (settled) return;
    const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return settle(new BodyError(400, 'too-deep', `Body nests deeper than ${MAX_JSON_DEPTH} levels`));
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return settle(new BodyError(400, 'parse', 'Parse error: body is not valid JSON'));
    }
    settle(undefined, body);
  });
}
