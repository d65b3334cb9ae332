// An operation named for an upload (uploadFile, upload_evidence_file, "Upload a document") whose document
// declares no request body: the generated tool would post nothing. Flagged for review, never written silently.
import type { Body } from './operation';

/** How the review note starts: the dry-run line looks for it. */
export const UPLOAD_NOTE = 'its name says upload but the document declares no request body';

interface Named {
  operationId?: string;
  summary?: string;
  requestBody?: { content?: Record<string, unknown> };
}

// upload_file, uploadFile, UploadFile, "Upload a file": the word, not "uploads" inside another word.
const SAYS_UPLOAD = /(^|[^a-z])upload|upload($|[^a-z])|Upload/;

/** The review note, when the operation says upload and declares nothing to send. */
export function uploadWithoutBody(method: string, raw: Named, body: Body | undefined): string | undefined {
  // A GET or DELETE of an upload (ChunkedUploads_GetChunkedUpload) reads or ends one: it sends no file.
  if (method !== 'POST' && method !== 'PUT' && method !== 'PATCH') return undefined;
  const declared = Object.keys(raw.requestBody?.content ?? {}).length > 0;
  if (declared || body !== undefined) return undefined;
  const named = [raw.operationId ?? '', raw.summary ?? ''].some((text) => SAYS_UPLOAD.test(text));
  return named ? `${UPLOAD_NOTE}: the tool sends none; check the API's documentation and add the file to the call by hand` : undefined;
}
