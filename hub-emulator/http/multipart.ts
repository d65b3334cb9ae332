// Multipart parsing with Node's built-in Request.formData(): no extra dependency. The body arrives
// already read (and size-limited) by express.raw.
import type { RequestHandler } from 'express';
import { sendError } from './json-errors';

export interface FilePart {
  name: string;
  content: Buffer;
  contentType: string;
}

export interface ParsedForm {
  text(name: string): string | undefined;
  file(name: string): Promise<FilePart | undefined>;
}

/** Rejects a non-multipart body with 415 before parsing. */
export const requireMultipart: RequestHandler = function requireMultipart(req, res, next) {
  if (!req.is('multipart/form-data')) return sendError(res, 415, 'unsupported_media_type', 'send multipart/form-data');
  next();
};

/** Parses `body`; throws on a malformed body (the caller answers 400). */
export async function parseMultipart(body: Buffer, contentType: string): Promise<ParsedForm> {
  const request = new Request('http://hub-emulator.invalid/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new Uint8Array(body),
  });
  const form = await request.formData();
  return {
    text(name) {
      const value = form.get(name);
      return typeof value === 'string' ? value : undefined;
    },
    async file(name) {
      const value = form.get(name);
      if (value === null || typeof value === 'string') return undefined;
      return {
        name: value.name,
        content: Buffer.from(await value.arrayBuffer()),
        contentType: value.type === '' ? 'application/octet-stream' : value.type,
      };
    },
  };
}
