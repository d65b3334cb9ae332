// The operations of a dereferenced document, in the shape the generator needs, and the choice of which
// to generate (--tag, --operation). An operation a tool cannot express is kept with the reason why.
import type { HttpMethod } from '../../src/tools';
import { toToolName } from '../scaffold/names';
import type { OpenApiDocument } from './load';
import type { Schema } from './schema';
import { scopesFor, type SecurityRequirement, type ToolScopes } from './security';

export interface Parameter {
  /** The name in the document, e.g. "pet-id". */
  name: string;
  /** The input field and `:name` in the path, e.g. "petId". */
  key: string;
  in: 'path' | 'query';
  required: boolean;
  description: string | undefined;
  schema: Schema;
}

export interface Operation {
  operationId: string | undefined;
  toolName: string;
  method: HttpMethod;
  /** As in the document: /pets/{petId} */
  path: string;
  /** For ctx.api: /pets/:petId */
  apiPath: string;
  tags: string[];
  summary: string | undefined;
  description: string | undefined;
  parameters: Parameter[];
  /** Header and cookie parameters are not inputs: credentials come from the hub. */
  skippedParameters: string[];
  body: { schema: Schema; required: boolean; description: string | undefined } | undefined;
  /** Why no tool can be generated for it, when none can. */
  unsupported: string | undefined;
  /** It declares a 404 answer: the tool explains it in a sentence (issue 18). */
  notFound: boolean;
  /** OAuth scopes for the tool's `scopes` line, from the security requirements (issue 17). */
  scopes: ToolScopes;
}

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface RawParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface RawOperation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: RawParameter[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, unknown> } | undefined>;
  security?: SecurityRequirement[];
}

/** "pet-id" → "petId"; an input key and a `:name` alike. */
function keyFor(name: string, taken: Set<string>): string {
  let key = name.replace(/[^A-Za-z0-9_$]+([A-Za-z0-9])?/g, (_m, char: string | undefined) => (char ?? '').toUpperCase());
  if (!/^[A-Za-z_$]/.test(key)) key = `p${key}`;
  if (key === 'body' || key === '') key = `${key}Param`;
  while (taken.has(key)) key = `${key}_`;
  taken.add(key);
  return key;
}

const isJson = (type: string) => /^application\/(?:[\w.+-]*\+)?json\b/i.test(type);

function describe(method: HttpMethod, path: string, raw: RawOperation, inherited: RawParameter[]): Omit<Operation, 'toolName' | 'scopes'> {
  const merged = new Map<string, RawParameter>();
  for (const parameter of [...inherited, ...(raw.parameters ?? [])]) merged.set(`${parameter.in}:${parameter.name}`, parameter);
  const taken = new Set<string>();
  const parameters: Parameter[] = [];
  const skippedParameters: string[] = [];
  for (const parameter of merged.values()) {
    if (parameter.in !== 'path' && parameter.in !== 'query') {
      skippedParameters.push(`${parameter.name} (${parameter.in})`);
      continue;
    }
    parameters.push({
      name: parameter.name,
      key: keyFor(parameter.name, taken),
      in: parameter.in,
      required: parameter.in === 'path' || parameter.required === true,
      description: parameter.description,
      schema: parameter.schema ?? { type: 'string' },
    });
  }
  let unsupported: string | undefined;
  const apiPath = path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
    if (!parameter) unsupported ??= `the path parameter {${name}} is not declared`;
    return parameter ? `:${parameter.key}` : whole;
  });
  if (apiPath.split('/').some((segment) => segment.includes(':') && !/^:[A-Za-z_$][\w$]*$/.test(segment))) {
    unsupported ??= 'a path parameter shares its segment with other text (ctx.api fills whole segments only)';
  }
  let body: Operation['body'];
  const content = raw.requestBody?.content ?? {};
  const json = Object.keys(content).find(isJson);
  if (json) body = { schema: content[json]?.schema ?? {}, required: raw.requestBody?.required === true, description: raw.requestBody?.description };
  else if (Object.keys(content).length > 0) unsupported ??= `the request body is not JSON (${Object.keys(content).join(', ')}): write this tool by hand`;
  const success = Object.entries(raw.responses ?? {}).filter(([status]) => /^2/.test(status));
  const answers = success.flatMap(([, response]) => Object.keys(response?.content ?? {}));
  if (answers.length > 0 && !answers.some(isJson)) {
    unsupported ??= `it answers ${answers.join(', ')}, not JSON (ctx.api reads JSON answers): write this tool by hand`;
  }
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
    notFound: Object.hasOwn(raw.responses ?? {}, '404'),
  };
}

/** Every operation under `paths` (webhooks are calls *to* you, not tools), with unique tool names. */
export function listOperations(document: OpenApiDocument): Operation[] {
  const names = new Set<string>();
  const operations: Operation[] = [];
  const schemes = (document.components?.securitySchemes ?? {}) as Record<string, { type?: string } | undefined>;
  const documentSecurity = document.security as SecurityRequirement[] | undefined;
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const pathItem = (item ?? {}) as Record<string, unknown> & { parameters?: RawParameter[] };
    for (const method of METHODS) {
      const raw = pathItem[method.toLowerCase()] as RawOperation | undefined;
      if (!raw) continue;
      const operation = describe(method, path, raw, pathItem.parameters ?? []);
      let toolName = toToolName(raw.operationId ?? `${method} ${path.replace(/\{[^}]*\}/g, 'by')}`);
      while (names.has(toolName)) toolName = `${toolName}_2`.slice(-64);
      names.add(toolName);
      const scopes = scopesFor(raw.security ?? documentSecurity, schemes, raw.security === undefined);
      operations.push({ ...operation, toolName, scopes });
    }
  }
  return operations;
}

export interface Selection {
  tags: string[];
  operations: string[];
}

/** Operations with any of the tags and/or any of the ids (operationId or tool name); all when neither is given. */
export function select(operations: Operation[], { tags, operations: ids }: Selection): Operation[] {
  const unknown = ids.filter((id) => !operations.some((op) => op.operationId === id || op.toolName === id));
  if (unknown.length > 0) {
    const known = operations.map((op) => op.operationId ?? op.toolName).join(', ');
    throw new RangeError(`no operation ${unknown.join(', ')} in the document (it has: ${known})`);
  }
  const lowerTags = tags.map((tag) => tag.toLowerCase());
  const missingTags = lowerTags.filter((tag) => !operations.some((op) => op.tags.some((t) => t.toLowerCase() === tag)));
  if (missingTags.length > 0) throw new RangeError(`no operation has the tag ${missingTags.join(', ')}`);
  if (tags.length === 0 && ids.length === 0) return operations;
  return operations.filter(
    (op) =>
      op.tags.some((tag) => lowerTags.includes(tag.toLowerCase())) || ids.includes(op.operationId ?? '') || ids.includes(op.toolName),
  );
}
