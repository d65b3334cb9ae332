// The shape of one operation as the generator reads it: shared by the reading (./operations) and the
// modules it calls (./encoding-notes, …), so neither imports the other.
import type { HttpMethod } from '../../src/tools';
import type { PartEncoding, WireParameter } from '../../src/tools/openapi-params';
import type { Schema } from './schema';
import type { ToolScopes } from './security';

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
  /** JSON, or `application/x-www-form-urlencoded` with the document's per-property `encoding`. */
  kind: 'json' | 'form';
  schema: Schema;
  required: boolean;
  description: string | undefined;
  encoding: Record<string, PartEncoding>;
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
  /** Secret inputs (password, token, …): skipped unless --include-secrets (issue 27). */
  secrets: string[];
  /** It declares a 404 answer: the tool explains it in a sentence (issue 18). */
  notFound: boolean;
  /** OAuth scopes for the tool's `scopes` line, from the security requirements (issue 17). */
  scopes: ToolScopes;
  /** What the reading decided that a person should check (optional secrets left out, fixed headers, …). */
  notes: string[];
  /** Headers the document fixes to one value: for UPSTREAM_HEADERS, not inputs. */
  fixedHeaders: Record<string, string>;
  /** The toolset the tool is served in (TOOLSETS): its first tag, or its path's first segment; `--prefix` goes first. */
  toolset?: string;
  /** The operation's `x-` extensions (e.g. a destructive hint). */
  extensions: Record<string, unknown>;
}
