// The /mcp edge's fast paths: the well-formed requests every client sends, recognised by hand where the
// SDK's `classifyInboundRequest` zod-parses each body and, for a 2026-07-28 request, first fails
// a parse against the response schemas. Each predicate's `true` is a promise that the SDK routes
// that body with those headers exactly as named; anything unusual returns false and takes the SDK's path.
// test/mcp/differential.test.ts holds both to the SDK's decisions.
import { HANDSHAKE_VERSIONS, META, STATELESS_VERSION } from '../../protocol/versions';
import type { JsonRpcRequest } from '../core';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON-RPC's request keys: the SDK's request schema is strict, any other key fails it. */
const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);

/** jsonrpc "2.0", only the four request keys, an id that is a string or a safe integer (zod's `int()`). */
function isStrictRequest(body: unknown): body is Json {
  if (!isObject(body)) return false;
  for (const key in body) if (!REQUEST_KEYS.has(key)) return false;
  const id = body.id;
  return body.jsonrpc === '2.0' && typeof body.method === 'string' && (typeof id === 'string' || Number.isSafeInteger(id));
}

/**
 * A plain 2025-era request, routed by the SDK as `legacy`/`no-claim`: a strict request, not `initialize`,
 * params absent or an object without `_meta` (so no envelope claim), and no MCP-Protocol-Version header or
 * a handshake one.
 */
export function isPlainLegacyRequest(body: unknown, versionHeader: string | undefined): body is JsonRpcRequest {
  if (versionHeader !== undefined && !(HANDSHAKE_VERSIONS as readonly string[]).includes(versionHeader)) return false;
  if (!isStrictRequest(body) || body.method === 'initialize') return false;
  const params = body.params;
  return params === undefined || (isObject(params) && !('_meta' in params));
}

/**
 * A well-formed 2026-07-28 request, routed by the SDK as `modern`/`request` with the body as its message:
 * a strict request, not `initialize`, whose `_meta` claims 2026-07-28 with a valid envelope, and whose
 * MCP-Protocol-Version and Mcp-Method headers are present and agree with the body. (The standard-header
 * and method-registry rungs after classification are the edge's, on both paths.)
 */
export function isWellFormedModernRequest(body: unknown, versionHeader: string | undefined, methodHeader: string | undefined): body is JsonRpcRequest {
  if (versionHeader !== STATELESS_VERSION || !isStrictRequest(body)) return false;
  if (body.method === 'initialize' || body.method !== methodHeader) return false;
  const params = body.params;
  if (!isObject(params)) return false;
  const meta = params._meta;
  return isObject(meta) && meta[META.protocolVersion] === STATELESS_VERSION && isValidEnvelope(meta);
}

const LOG_LEVELS = new Set(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);
/** Keyed by the SDK's `io.modelcontextprotocol/related-task`: validated by its schema, so left to the SDK. */
const RELATED_TASK = 'io.modelcontextprotocol/related-task';
const LOG_LEVEL = 'io.modelcontextprotocol/logLevel';
/** Nesting beyond this is left to the SDK rather than walked here. */
const MAX_DEPTH = 16;

const optional = (value: unknown, check: (value: unknown) => boolean): boolean => value === undefined || check(value);
const isString = (value: unknown): boolean => typeof value === 'string';
const isBoolean = (value: unknown): boolean => typeof value === 'boolean';

/** The SDK's JSON value schema: finite numbers only; objects without an own `__proto__` key (left to the SDK). */
function isJson(value: unknown, depth = 0): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.every((item) => isJson(item, depth + 1));
  return isJsonObject(value, depth);
}

function isJsonObject(value: unknown, depth = 0): boolean {
  if (!isObject(value) || Object.hasOwn(value, '__proto__')) return false;
  for (const key in value) if (!isJson(value[key], depth + 1)) return false;
  return true;
}

const isRecordOfJsonObjects = (value: unknown): boolean => isJsonObject(value) && Object.values(value as Json).every((item) => isJsonObject(item));

// The checks below are module functions, not arrows written inline: this runs on every 2026-07-28 request,
// and an inline arrow is a closure allocated per call.
const isRoots = (r: unknown): boolean => isObject(r) && optional(r.listChanged, isBoolean);
const isSampling = (s: unknown): boolean => isObject(s) && optional(s.context, isJsonObject) && optional(s.tools, isJsonObject);
const isFormElicitation = (f: unknown): boolean => isJsonObject(f) && optional((f as Json).applyDefaults, isBoolean);
const isElicitation = (e: unknown): boolean => isJsonObject(e) && optional((e as Json).url, isJsonObject) && optional((e as Json).form, isFormElicitation);

/** The envelope's client capabilities (2026-07-28): the five known keys checked, any other key stripped. */
function isClientCapabilities(caps: unknown): boolean {
  if (!isObject(caps)) return false;
  const { experimental, sampling, elicitation, roots, extensions } = caps;
  return (
    optional(experimental, isRecordOfJsonObjects) &&
    optional(extensions, isRecordOfJsonObjects) &&
    optional(roots, isRoots) &&
    optional(sampling, isSampling) &&
    optional(elicitation, isElicitation)
  );
}

const isTheme = (t: unknown): boolean => t === 'light' || t === 'dark';
const isStringList = (s: unknown): boolean => Array.isArray(s) && s.every(isString);

function isIcon(icon: unknown): boolean {
  if (!isObject(icon)) return false;
  const { src, mimeType, sizes, theme } = icon;
  return typeof src === 'string' && optional(mimeType, isString) && optional(sizes, isStringList) && optional(theme, isTheme);
}

const isIconList = (list: unknown): boolean => Array.isArray(list) && list.every(isIcon);

/** The SDK's Implementation schema (clientInfo). */
function isImplementation(info: unknown): boolean {
  if (!isObject(info)) return false;
  const { name, title, version, websiteUrl, description, icons } = info;
  return (
    typeof name === 'string' &&
    typeof version === 'string' &&
    optional(title, isString) &&
    optional(websiteUrl, isString) &&
    optional(description, isString) &&
    optional(icons, isIconList)
  );
}

const isLogLevel = (level: unknown): boolean => typeof level === 'string' && LOG_LEVELS.has(level);

/** Both of the SDK's `_meta` schemas (the request's and the 2026-07-28 envelope's) with its required keys. */
function isValidEnvelope(meta: Json): boolean {
  const token = meta.progressToken;
  return (
    (token === undefined || typeof token === 'string' || Number.isSafeInteger(token)) &&
    meta[RELATED_TASK] === undefined &&
    isClientCapabilities(meta[META.clientCapabilities]) &&
    optional(meta[META.clientInfo], isImplementation) &&
    optional(meta[LOG_LEVEL], isLogLevel)
  );
}
