// What a refused request's answer said: the body of a 4xx read within a small cap and the request's own
// deadline, parsed when it is JSON, and the API's reason taken from it (or from a plain-text body). A 5xx
// body is never read (it may carry internals); neither is anything above the cap (the socket is closed instead).
import type { Dispatcher } from 'undici';
import { errorReason } from './error-reason';
import type { Redact } from './redact';
import type { UpstreamReason } from './errors';
import { isJson, isPlainText, readCapped } from './read-body';

/** An error body larger than this is not read: a reason is a sentence, and a failed call must stay cheap. */
export const MAX_ERROR_BODY_BYTES = 16_384;

export interface ErrorBody {
  body?: unknown;
  reason?: UpstreamReason;
}

const NOTHING: ErrorBody = {};

/**
 * Reads (or drops) the body of a non-2xx answer, freeing the connection either way. Never throws: a body
 * that is late, cut off, too large or not JSON leaves the error without a reason.
 */
export async function readErrorBody(
  status: number,
  headers: Dispatcher.ResponseData['headers'],
  body: Dispatcher.ResponseData['body'],
  withReason: boolean,
  /** Takes the request's credentials out of the reason (./redact). */
  redact: Redact,
): Promise<ErrorBody> {
  const contentType = headers['content-type'];
  const json = isJson(contentType);
  // Plain text (Trello's `invalid id`) is read for its reason only; markup and other types never are.
  if (status < 400 || status > 499 || (!json && !(withReason && isPlainText(contentType)))) {
    await body.dump().catch(() => undefined); // frees the connection for reuse; the body is never shown
    return NOTHING;
  }
  try {
    const text = (await readCapped(body, Number(headers['content-length'] ?? Number.NaN), MAX_ERROR_BODY_BYTES)).toString('utf8');
    const parsed = json ? (JSON.parse(text) as unknown) : jsonInText(text);
    if (parsed === undefined) return plainReason(text, redact);
    if (!withReason) return { body: parsed };
    const problem = /^application\/problem\+json\b/i.test(String(contentType));
    const reason = errorReason(parsed, problem, redact);
    return reason === undefined ? { body: parsed } : { body: parsed, reason };
  } catch {
    return NOTHING; // TOO_LARGE (the socket is already closed), an aborted read, or not JSON after all
  }
}

/** A plain-text label on a JSON body is common enough to look: such a body then reads as JSON. */
function jsonInText(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // `[ERROR] invalid id`: words after all
  }
}

/** A plain-text body's reason; a page of markup sent as text says nothing the model can use. */
function plainReason(text: string, redact: Redact): ErrorBody {
  if (/^\s*</.test(text)) return NOTHING;
  const reason = errorReason(text, false, redact);
  return reason === undefined ? NOTHING : { reason };
}
