// Reading an HTTP answer (the customer API's, the hub's): capped in size, declared or streamed; a JSON check.
import type { Dispatcher } from 'undici';

export function isJson(contentType: string | string[] | undefined): boolean {
  const value = Array.isArray(contentType) ? contentType[0] : contentType;
  return value !== undefined && /^application\/([\w.+-]+\+)?json\b/i.test(value);
}

/** `text/plain`, or no type at all: an error body some APIs send as a bare sentence. */
export function isPlainText(contentType: string | string[] | undefined): boolean {
  const value = Array.isArray(contentType) ? contentType[0] : contentType;
  return value === undefined || value.trim() === '' || /^text\/plain\b/i.test(value);
}

export const TOO_LARGE = Symbol('too large');

/** Drops a body we will not read; the socket is closed rather than drained (it may be huge). */
export function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined); // destroy() reports an abort error nobody needs
  body.destroy();
}

/**
 * The whole body as UTF-8 text and its size in bytes, with the same cap: a declared length is read in one
 * go and decoded once (no ArrayBuffer → Buffer → string copies on the hot path).
 */
export async function readCappedText(
  body: Dispatcher.ResponseData['body'],
  declared: number,
  maxBytes: number,
): Promise<{ text: string; bytes: number }> {
  if (declared > maxBytes) {
    discard(body);
    throw TOO_LARGE;
  }
  if (Number.isFinite(declared)) return { text: await body.text(), bytes: declared };
  const bytes = await readCapped(body, declared, maxBytes);
  return { text: bytes.toString('utf8'), bytes: bytes.length };
}

/** Reads the whole body, refusing more than `maxBytes` (rejects with TOO_LARGE) whether declared or not. */
export async function readCapped(body: Dispatcher.ResponseData['body'], declared: number, maxBytes: number): Promise<Buffer> {
  if (declared > maxBytes) {
    discard(body);
    throw TOO_LARGE;
  }
  // A declared length is enforced by undici, so the body can be read in one go (the common case).
  if (Number.isFinite(declared)) return Buffer.from(await body.arrayBuffer());
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      discard(body);
      throw TOO_LARGE;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}
