// A `multipart/form-data` body (undici's FormData, or Node's global one) as ctx.api sends it: recognised,
// made undici's own, and measured against UPSTREAM_MAX_UPLOAD_BYTES before anything is sent.
import { FormData } from 'undici';
import { InvalidUpstreamRequestError } from './errors';

/** Either FormData, as far as this module reads it: its entries. */
type Entries = Iterable<[string, unknown]>;

/** By its tag: Node's global FormData (the undici copy bundled in Node) is one too, of another class. */
export const isFormData = (value: unknown): value is Entries =>
  typeof value === 'object' && value !== null && (value as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] === 'FormData';

/**
 * The form as this undici's FormData. undici 7 serializes only its own class: Node 20's global FormData
 * passes its checks but fails as the body is read ("action is not a function"), so its entries are copied.
 * Files are Blobs of node:buffer in both, so the copy holds the same bytes, names and types.
 */
export function ownFormData(form: Entries): FormData {
  if (form instanceof FormData) return form;
  const copy = new FormData();
  for (const [name, value] of form) copy.append(name, value);
  return copy;
}

/** Bytes as a person reads them; exact below 10 KB, where a rounded figure could make a size equal the limit. */
function size(bytes: number): string {
  if (bytes < 10_240) return `${bytes} bytes`;
  return bytes < 1_048_576 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** Throws, before the request, when the parts' bytes (files and fields; the framing is a few lines more) pass `max`. */
export function checkUploadSize(form: FormData, max: number): void {
  let bytes = 0;
  for (const [, value] of form) bytes += typeof value === 'string' ? Buffer.byteLength(value) : value.size;
  if (bytes <= max) return;
  throw new InvalidUpstreamRequestError(
    `A multipart body of ${bytes} bytes is over UPSTREAM_MAX_UPLOAD_BYTES (${max})`,
    `The upload is ${size(bytes)}, more than the ${size(max)} this tool server sends in one request, so nothing was sent. ` +
      'Use a smaller file, or ask your administrator to raise UPSTREAM_MAX_UPLOAD_BYTES.',
  );
}
