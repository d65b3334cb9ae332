// The operations of a dereferenced document, in the shape the generator needs, and the choice of which
// to generate (--tag, --operation). An operation a tool cannot express is kept with the reason why.
import type { HttpMethod } from '../../src/tools';
import { apiTemplate, type ParameterStyle, type PartEncoding } from '../../src/tools/openapi-params';
import { toToolName } from '../scaffold/names';
import type { OpenApiDocument } from './load';
import { bracketNote } from './encoding-notes';
import { fixedValue, upstreamHeadersNote, vendorAccept } from './fixed-headers';
import { boundDescription, keyFor } from './input-keys';
import type { Body, Operation, Parameter } from './operation';
import { withoutOptionalSecrets } from './optional-secrets';
import { okErrorNote } from './outcome-notes';
import { mergeAllOf, writableProperties, type Schema } from './schema';
import { isSecretName, secretFields } from './secrets';
import { scopesFor, type SecurityRequirement } from './security';
import { redirectOnly } from './success';
import { DEFAULT_NAME_CAP, operationToolName, uniqueName } from './tool-names';

export type { Body, Operation, Parameter } from './operation';
export { uniqueName } from './tool-names';

export interface ReadOptions {
  /** Keep optional secret inputs (default: leave them out, with a note). */
  includeSecrets?: boolean;
  /** Put before every tool name (`--prefix jira`: `jira_get_issue`), to keep two documents' tools apart. */
  prefix?: string;
  /** The longest tool name, prefix included (default 44: room for a host's `mcp__<server>__`). */
  nameCap?: number;
  /** Put before every path sent (`--base-path /crm/v3/extensions/cards`), when CUSTOMER_API_URL serves several documents. */
  basePath?: string;
}

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const STYLES = new Set(['form', 'spaceDelimited', 'pipeDelimited', 'deepObject', 'simple', 'label', 'matrix']);
/** OpenAPI: a header parameter with one of these names "SHALL be ignored". */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

interface RawParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
  content?: Record<string, { schema?: Schema }>;
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
}
interface RawMediaType {
  schema?: Schema;
  encoding?: Record<string, { style?: string; explode?: boolean; contentType?: string }>;
}
interface RawOperation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: RawParameter[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, RawMediaType> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> } | undefined>;
  security?: SecurityRequirement[];
}

const isJson = (type: string) => /^application\/(?:[\w.+-]*\+)?json\b/i.test(type);
const isForm = (type: string) => /^application\/x-www-form-urlencoded\b/i.test(type);
const styleOf = (style: string | undefined) => (style !== undefined && STYLES.has(style) ? (style as ParameterStyle) : undefined);

function toParameter(raw: RawParameter, key: string): Parameter {
  // A parameter given by `content` (rare) is read by its schema; its value is sent as text.
  const schema = raw.schema ?? Object.values(raw.content ?? {})[0]?.schema ?? { type: 'string' };
  return {
    name: raw.name,
    key,
    in: raw.in as Parameter['in'],
    required: raw.in === 'path' || raw.required === true,
    description: boundDescription(raw.name, raw.description),
    schema,
    ...(styleOf(raw.style) ? { style: styleOf(raw.style) } : {}),
    ...(raw.explode !== undefined ? { explode: raw.explode } : {}),
    ...(raw.allowReserved === true && raw.in === 'query' ? { allowReserved: true } : {}),
  };
}

/** A body schema that allows nothing (`properties: {}`, `additionalProperties: false`), or any body of a GET, HEAD or DELETE that declares no properties. */
function allowsNoBody(method: HttpMethod, schema: Schema | undefined): boolean {
  const merged = mergeAllOf(schema ?? {});
  if (writableProperties(merged).length > 0 || merged.oneOf || merged.anyOf || merged.items) return false;
  return merged.additionalProperties === false || method === 'GET' || method === 'DELETE';
}

function bodyOf(method: HttpMethod, raw: RawOperation): { body?: Body; unsupported?: string } {
  const content = raw.requestBody?.content ?? {};
  const types = Object.keys(content);
  if (types.length === 0) return {};
  const chosen = types.find(isJson) ?? types.find(isForm);
  if (chosen && allowsNoBody(method, content[chosen]?.schema)) return {};
  const common = { required: raw.requestBody?.required === true, description: raw.requestBody?.description };
  const json = types.find(isJson);
  if (json) return { body: { kind: 'json', schema: content[json]?.schema ?? {}, encoding: {}, ...common } };
  const form = types.find(isForm);
  if (form) {
    const encoding = Object.fromEntries(
      Object.entries(content[form]?.encoding ?? {}).map(([name, item]): [string, PartEncoding] => [
        name,
        {
          ...(styleOf(item.style) ? { style: styleOf(item.style) } : {}),
          ...(item.explode !== undefined ? { explode: item.explode } : {}),
          ...(item.contentType ? { contentType: item.contentType } : {}),
        },
      ]),
    );
    return { body: { kind: 'form', schema: content[form]?.schema ?? {}, encoding, ...common } };
  }
  if (types.some((type) => /^multipart\//i.test(type))) {
    return { unsupported: `the request body is ${types.join(', ')} (a file upload): write this tool by hand` };
  }
  return { unsupported: `the request body is ${types.join(', ')}, neither JSON nor a form: write this tool by hand` };
}

function describe(method: HttpMethod, documentPath: string, raw: RawOperation, inherited: RawParameter[], options: ReadOptions): Omit<Operation, 'toolName' | 'scopes'> {
  // A `#fragment` tells two operations on one path apart in the document (Box's `/files/{id}#copy`); it is never sent.
  const path = documentPath.replace(/#.*$/, '');
  const merged = new Map<string, RawParameter>();
  for (const parameter of [...inherited, ...(raw.parameters ?? [])]) merged.set(`${parameter.in}:${parameter.name}`, parameter);
  const taken = new Set<string>();
  const parameters: Parameter[] = [];
  const skippedParameters: string[] = [];
  const notes: string[] = [];
  const fixedHeaders: Record<string, string> = {};
  const accept = vendorAccept(raw.responses);
  if (accept) fixedHeaders.Accept = accept;
  for (const parameter of merged.values()) {
    const header = parameter.in === 'header';
    const fixed = fixedValue(parameter);
    if (fixed !== undefined && (parameter.required || parameter.name.toLowerCase() === 'accept')) {
      fixedHeaders[parameter.name] = fixed;
      continue;
    }
    if (parameter.in === 'query' && !parameter.required && !options.includeSecrets && secretFields(parameter.schema ?? {}, parameter.name).length > 0) {
      notes.push(`the optional secret ${parameter.name} (query) is not an input: a credential comes from the hub, never from the chat`);
      continue;
    }
    if (header && IGNORED_HEADERS.has(parameter.name.toLowerCase())) continue;
    if ((parameter.in !== 'path' && parameter.in !== 'query' && !header) || (header && isSecretName(parameter.name))) {
      skippedParameters.push(`${parameter.name} (${parameter.in}${parameter.required ? ', required' : ''})`);
      continue;
    }
    parameters.push(toParameter(parameter, keyFor(parameter.name, taken)));
  }
  let unsupported: string | undefined;
  if (path.includes('?')) unsupported = `its path ${path} holds "?", which is not part of a path`;
  if (path !== documentPath) notes.push(`the document's path ${documentPath} ends in a fragment, which is not sent: the call goes to ${path}`);
  for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
    if (!parameters.some((p) => p.in === 'path' && p.name === name)) unsupported ??= `the path parameter {${name ?? ''}} is not declared`;
  }
  const apiPath = `${options.basePath ?? ''}${apiTemplate(path, parameters)}`;
  const { body: declared, unsupported: bodyProblem } = bodyOf(method, raw);
  unsupported ??= bodyProblem;
  let body = declared;
  if (body && !options.includeSecrets) {
    const { schema, dropped } = withoutOptionalSecrets(body.schema);
    body = { ...body, schema };
    if (dropped.length > 0) notes.push(`the optional secret ${dropped.join(', ')} (body) is not an input: a credential comes from the hub, never from the chat`);
  }
  const encodingNote = bracketNote(body);
  if (encodingNote) notes.push(encodingNote);
  const headersNote = upstreamHeadersNote(fixedHeaders);
  if (headersNote) notes.push(headersNote);
  const okNote = okErrorNote(raw.responses);
  if (okNote) notes.push(okNote);
  const statuses = Object.keys(raw.responses ?? {});
  const redirect = redirectOnly(raw.responses);
  if (redirect) unsupported ??= redirect;
  if (statuses.length > 0 && !statuses.some((status) => /^(2|default$)/i.test(status))) {
    unsupported ??= `it declares no success answer (only ${statuses.join(', ')}): write this tool by hand`;
  }
  const success = Object.entries(raw.responses ?? {}).filter(([status]) => /^2/.test(status));
  const answers = success.flatMap(([, response]) => Object.keys(response?.content ?? {}));
  if (answers.length > 0 && !answers.some(isJson)) {
    unsupported ??= `it answers ${answers.join(', ')}, not JSON (ctx.api reads JSON answers): write this tool by hand`;
  }
  const secrets = [...new Set([...parameters.flatMap((p) => secretFields(p.schema, p.name)), ...(body ? secretFields(body.schema, '') : [])])];
  return {
    operationId: raw.operationId,
    method,
    path,
    apiPath,
    tags: raw.tags ?? [],
    summary: raw.summary?.trim() || undefined,
    description: raw.description?.trim() || undefined,
    parameters,
    skippedParameters,
    body,
    unsupported,
    secrets,
    notFound: Object.hasOwn(raw.responses ?? {}, '404'),
    notes,
    fixedHeaders,
    extensions: Object.fromEntries(Object.entries(raw).filter(([key]) => key.startsWith('x-'))),
  };
}

/** The first tag, or the path's first segment that is not a version (`/2010-04-01/Accounts/…` → accounts), in snake case. */
export function toolsetOf(op: Pick<Operation, 'tags' | 'path'>, prefix = ''): string {
  const segment = op.path.split('/').find((part) => part !== '' && !part.includes('{') && !/^(v\d+(\.\d+)?|[\d.-]+|api|rest)$/i.test(part));
  const name = toToolName(op.tags[0] ?? segment ?? 'api').slice(0, 32).replace(/_+$/, '');
  return prefix === '' ? name : `${toToolName(prefix)}_${name}`;
}

/** Every operation under `paths` (webhooks are calls *to* you, not tools), with unique tool names. */
export function listOperations(document: OpenApiDocument, options: ReadOptions = {}): Operation[] {
  const names = new Set<string>();
  const operations: Operation[] = [];
  const schemes = (document.components?.securitySchemes ?? {}) as Record<string, { type?: string } | undefined>;
  const documentSecurity = document.security as SecurityRequirement[] | undefined;
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const pathItem = (item ?? {}) as Record<string, unknown> & { parameters?: RawParameter[] };
    for (const method of METHODS) {
      const raw = pathItem[method.toLowerCase()] as RawOperation | undefined;
      if (!raw) continue;
      const operation = describe(method, path, raw, pathItem.parameters ?? [], options);
      const cap = options.nameCap ?? DEFAULT_NAME_CAP;
      const source = raw.operationId ?? `${method} ${path.replace(/#.*$/, '').replace(/\{[^}]*\}/g, 'by')}`;
      const toolName = uniqueName(operationToolName(source, { prefix: options.prefix, cap }), names, cap);
      names.add(toolName);
      const scopes = scopesFor(raw.security ?? documentSecurity, schemes, raw.security === undefined);
      operations.push({ ...operation, toolName, scopes, toolset: toolsetOf(operation, options.prefix) });
    }
  }
  return operations;
}

export { select, type Selection } from './choose';
