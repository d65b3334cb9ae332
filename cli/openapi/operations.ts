// The operations of a dereferenced document, in the shape the generator needs, and the choice of which
// to generate (--tag, --operation). An operation a tool cannot express is kept with the reason why.
import type { HttpMethod } from '../../src/tools';
import { apiTemplate, type ParameterStyle, type PartEncoding } from '../../src/tools/openapi-params';
import { toToolName } from '../scaffold/names';
import type { OpenApiDocument } from './load';
import { bracketNote } from './encoding-notes';
import { multipartBodyOf } from './multipart';
import { fixedValue, upstreamHeadersNote, vendorAccept } from './fixed-headers';
import { boundDescription, keyFor } from './input-keys';
import type { Body, Operation, Parameter } from './operation';
import { withoutOptionalSecrets } from './optional-secrets';
import { okErrorNote } from './outcome-notes';
import { mergeAllOf, writableProperties, type Schema } from './schema';
import { isSecretName, secretFields } from './secrets';
import { credentialsFor, parameterKey, scopesFor, type SecurityRequirement, type SecurityScheme } from './security';
import { accountParameters } from './account-params';
import { accountNote, credentialsNote } from './credential-notes';
import { redirectOnly } from './success';
import { toolNames, type NameSource } from './distinct-names';
import { DEFAULT_NAME_CAP } from './tool-names';
import { answerOf } from './answers';
import { isTextBody, textBodyOf } from './text-body';
import { uploadWithoutBody } from './upload-note';

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
  const multipart = types.find((type) => /^multipart\/form-data\b/i.test(type));
  if (multipart) return multipartBodyOf(content[multipart] ?? {}, common);
  if (types.some((type) => /^multipart\//i.test(type))) {
    return { unsupported: `the request body is ${types.join(', ')} (a file upload): write this tool by hand` };
  }
  const text = types.find((type) => isTextBody(type, content[type]?.schema));
  if (text) return { body: textBodyOf(text, content[text]?.schema, common) };
  return { unsupported: `the request body is ${types.join(', ')}, neither JSON nor a form: write this tool by hand` };
}

/** Parameters the server fills, not the model: those of API-key schemes, and the document's account parameters. */
interface Filled {
  credentials: Set<string>;
  account: Set<string>;
}

/** An operation's parameters, the path item's first, each overridden by the operation's own of the same place. */
function parametersOf(raw: RawOperation, inherited: RawParameter[]): Map<string, RawParameter> {
  const merged = new Map<string, RawParameter>();
  for (const parameter of [...inherited, ...(raw.parameters ?? [])]) merged.set(`${parameter.in}:${parameter.name}`, parameter);
  return merged;
}

function describe(method: HttpMethod, documentPath: string, raw: RawOperation, inherited: RawParameter[], options: ReadOptions, filled: Filled): Omit<Operation, 'toolName' | 'scopes' | 'credentials'> {
  // A `#fragment` tells two operations on one path apart in the document (Box's `/files/{id}#copy`); it is never sent.
  const path = documentPath.replace(/#.*$/, '');
  const merged = parametersOf(raw, inherited);
  const account: Operation['account'] = [];
  const taken = new Set<string>();
  const parameters: Parameter[] = [];
  const skippedParameters: string[] = [];
  const notes: string[] = [];
  const fixedHeaders: Record<string, string> = {};
  const accept = vendorAccept(raw.responses);
  if (accept) fixedHeaders.Accept = accept;
  for (const parameter of merged.values()) {
    const header = parameter.in === 'header';
    // Credentials and the account come from the hub or the deployment, never the chat (./security, ./account-params).
    const place = parameterKey(parameter.in, parameter.name);
    if (filled.credentials.has(place)) continue;
    if (filled.account.has(place)) {
      account.push({ in: parameter.in as 'header' | 'query', name: parameter.name });
      continue;
    }
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
  if (body?.kind === 'text') notes.push(`its body is ${body.mediaType ?? 'text'}: the model writes it as text, sent as it is; say its format in the body's description if the document does not`);
  const encodingNote = bracketNote(body);
  if (encodingNote) notes.push(encodingNote);
  if (account.length > 0) notes.push(accountNote(account));
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
  const answer = answerOf(raw.responses);
  if (answer.kind === 'unreadable') unsupported ??= answer.reason;
  if (answer.kind === 'text') notes.push(`it answers ${answer.mediaType}: the tool hands the model the text as it came (up to UPSTREAM_MAX_RESPONSE_BYTES); shape it if it is long`);
  if (answer.kind === 'json-shaped') notes.push(`the document declares its answer as ${answer.mediaType} with a JSON schema: the tool reads the answer as JSON whatever Content-Type the API sends`);
  const uploadNote = uploadWithoutBody(method, raw, body);
  if (uploadNote) notes.push(uploadNote);
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
    ...(answer.kind === 'json-shaped' ? { answerType: answer.mediaType } : {}),
    ...(answer.kind === 'text' ? { answerText: answer.mediaType } : {}),
    notes,
    fixedHeaders,
    account,
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
  const operations: Array<Omit<Operation, 'toolName'>> = [];
  const sources: NameSource[] = [];
  const schemes = (document.components?.securitySchemes ?? {}) as Record<string, SecurityScheme | undefined>;
  const documentSecurity = document.security as SecurityRequirement[] | undefined;
  const all = Object.entries(document.paths ?? {}).flatMap(([path, item]) => {
    const pathItem = (item ?? {}) as Record<string, unknown> & { parameters?: RawParameter[] };
    return METHODS.flatMap((method) => {
      const raw = pathItem[method.toLowerCase()] as RawOperation | undefined;
      return raw ? [{ path, method, raw, inherited: pathItem.parameters ?? [] }] : [];
    });
  });
  const account = accountParameters(all.map(({ raw, inherited }) => [...parametersOf(raw, inherited).values()]));
  for (const { path, method, raw, inherited } of all) {
    const credentials = credentialsFor(raw.security ?? documentSecurity, schemes, [...parametersOf(raw, inherited).values()]);
    const operation = describe(method, path, raw, inherited, options, { credentials: credentials.parameters, account });
    // An API key needs the caller (or the deployment) to send it as the notes say; HTTP schemes are the forwarded Authorization.
    if (credentials.alternatives.some((alternative) => alternative.some((place) => place.type === 'apiKey'))) operation.notes.push(credentialsNote(credentials.alternatives));
    sources.push({ source: raw.operationId ?? `${method} ${path.replace(/#.*$/, '').replace(/\{[^}]*\}/g, 'by')}`, method, path });
    const scopes = scopesFor(raw.security ?? documentSecurity, schemes, raw.security === undefined);
    operations.push({ ...operation, scopes, credentials: credentials.alternatives, toolset: toolsetOf(operation, options.prefix) });
  }
  // Names are given once every operation is known: near-duplicates keep the words that tell them apart.
  const names = toolNames(sources, { prefix: options.prefix, cap: options.nameCap ?? DEFAULT_NAME_CAP });
  return operations.map((operation, at) => ({ ...operation, toolName: names[at]! }));
}

export { select, type Selection } from './choose';
