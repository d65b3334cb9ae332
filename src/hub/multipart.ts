// Multipart bodies for upload and sync, with the part names exactly as the contract gives them
// ("Upload parts": file, filename; "Sync parts": action, filename, file).
import { Blob } from 'node:buffer';
import { FormData } from 'undici';
import type { SyncAction } from './types';

const DEFAULT_TYPE = 'application/octet-stream';

function fileBlob(content: Buffer | string, contentType: string | undefined): Blob {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return new Blob([new Uint8Array(bytes)], { type: contentType ?? DEFAULT_TYPE });
}

export function uploadForm(name: string, content: Buffer | string, contentType?: string): FormData {
  const form = new FormData();
  form.append('file', fileBlob(content, contentType), name);
  form.append('filename', name);
  return form;
}

export function syncForm(
  action: SyncAction,
  filename: string,
  content: Buffer | string | undefined,
  contentType?: string,
): FormData {
  const form = new FormData();
  form.append('action', action);
  form.append('filename', filename);
  // the file part is for add and replace only; remove omits it (contract, "Sync parts")
  if (action !== 'remove' && content !== undefined) form.append('file', fileBlob(content, contentType), filename);
  return form;
}
