// The shape of one operation as the generator reads it: shared by the reading (./operations) and the
// modules it calls (./encoding-notes, …), so neither imports the other.
import type { HttpMethod } from '../../src/tools';
import type { MultipartPart } from '../../src/tools/multipart-body';
import type { PartEncoding, WireParameter } from '../../src/tools/openapi-params';
import type { Schema } from './schema';
import type { CredentialPlace, ToolScopes } from './security';

export interface Parameter extends WireParameter {
  /** The name in the document, e.g. "pet-id". */
  name: string;
  /** The input field and `:name` in the path, e.g. "petId". */
  key: string;
  required: boolean;
  description: string | undefined;
  schema: Schema;
}

export interface Body {
  /** JSON, `application/x-www-form-urlencoded` with the document's per-property `encoding`, or `multipart/form-data` (./multipart). */
  kind: 'json' | 'form' | 'multipart' | 'text';
  /** text: the media type it is sent as (./text-body). */
  mediaType?: string;
  /** For multipart, each file part is a file input here (a library name or content). */
  schema: Schema;
  required: boolean;
  description: string | undefined;
  encoding: Record<string, PartEncoding>;
  /** multipart: how each part is sent (files, media types), for src/tools/multipart-body. */
  parts?: Record<string, MultipartPart>;
}

export interface Operation {
  operationId: string | undefined;
  toolName: string;
  method: HttpMethod;
  /** As in the document: /pets/{petId} */
  path: string;
  /** For ctx.api: /pets/:petId (a segment such as `{id}.json` becomes one `:id`, filled by the serializer). */
  apiPath: string;
  tags: string[];
  summary: string | undefined;
  description: string | undefined;
  parameters: Parameter[];
  /** Cookie parameters and credential headers are not inputs: credentials come from the hub. */
  skippedParameters: string[];
  body: Body | undefined;
  /** Why no tool can be generated for it, when none can. */
  unsupported: string | undefined;
  /** Secret inputs (password, token, …): skipped unless --include-secrets. */
  secrets: string[];
  /** The non-JSON media type (any type, text/plain) its JSON-shaped answer is declared under: the tool parses the text itself. */
  answerType?: string;
  /** The text media type (XML, CSV, plain text) it answers in: the tool hands the model the text as it came. */
  answerText?: string;
  /** It declares a 404 answer: the tool explains it in a sentence. */
  notFound: boolean;
  /** OAuth scopes for the tool's `scopes` line, from the security requirements. */
  scopes: ToolScopes;
  /** What the reading decided that a person should check (optional secrets left out, fixed headers, …). */
  notes: string[];
  /** The security schemes the server fills (API keys, HTTP basic/bearer): alternatives, never inputs. */
  credentials: CredentialPlace[][];
  /** Parameters that name the caller's account on (nearly) every operation: filled by the server, never inputs. */
  account: { in: 'header' | 'query'; name: string }[];
  /** Headers the document fixes to one value: for UPSTREAM_HEADERS, not inputs. */
  fixedHeaders: Record<string, string>;
  /** The toolset the tool is served in (TOOLSETS): its first tag, or its path's first segment; `--prefix` goes first. */
  toolset?: string;
  /** The operation's `x-` extensions (e.g. a destructive hint). */
  extensions: Record<string, unknown>;
}
