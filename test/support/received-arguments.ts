// What an API built on qs or Rack reads from a request a generated tool sent, and what it should read:
// the oracle of test/cli/openapi-real-apis.test.ts. Query strings and form bodies are parsed with
// `qs.parse(…, { duplicates: 'last' })` (Rack's last-value-wins); JSON bodies with JSON.parse; multipart
// bodies with undici's Response.formData(), the Fetch standard's parser.
import { parse } from 'qs';
import { Response } from 'undici';
import type { Operation } from '../../cli/openapi/operations';
import { apiTemplate } from '../../src/tools/openapi-params';

/** The value as a query string or form body carries it: every leaf a string, empty lists and objects gone. */
export function asSent(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) {
    const items = value.map(asSent).filter((item) => item !== undefined);
    return items.length === 0 ? undefined : items;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => {
      const sent = asSent(item);
      return sent === undefined ? [] : [[key, sent] as const];
    });
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  return String(value);
}

/** A multipart body's parts as undici's parser reads them: text, or a file's name, type and text. */
export type FormParts = Array<[name: string, value: string | { filename: string; type: string; text: string }]>;

/** The parts of a multipart/form-data request, read by undici's Response.formData(); undefined for any other body. */
export async function formParts(request: { text: string; headers: Record<string, unknown> }): Promise<FormParts | undefined> {
  const type = String(request.headers['content-type'] ?? '');
  if (!type.startsWith('multipart/form-data')) return undefined;
  const parts: FormParts = [];
  for (const [name, value] of await new Response(request.text, { headers: { 'content-type': type } }).formData()) {
    parts.push([name, typeof value === 'string' ? value : { filename: value.name, type: value.type, text: await value.text() }]);
  }
  return parts;
}

/** What a multipart body's parts should be: a file input's text with its name and type, an object as a JSON part, a list as repeated parts. */
function expectedParts(op: Operation, body: Record<string, unknown>): FormParts {
  const part = (name: string, value: unknown): FormParts => {
    if (value === undefined || value === null) return [];
    if (Array.isArray(value)) return value.flatMap((item) => part(name, item));
    if (op.body?.parts?.[name]?.file) {
      const file = value as { text: string; filename: string; contentType: string };
      return [[name, { filename: file.filename, type: file.contentType, text: file.text }]];
    }
    return [[name, typeof value === 'object' ? { filename: 'blob', type: 'application/json', text: JSON.stringify(value) } : String(value)]];
  };
  return Object.entries(body).flatMap(([name, value]) => part(name, value));
}

export interface Comparison {
  /** What the API read, per input key. */
  read: Record<string, unknown>;
  /** What it should have read, per input key. */
  expected: Record<string, unknown>;
}

/** Reads each argument back from the request as the vendor's server would: path segments, query, headers, body. */
export function readBack(
  op: Operation,
  args: Record<string, unknown>,
  request: { url: string; text: string; headers: Record<string, unknown>; form?: FormParts },
  /** 'combine' for servers that read a repeated form key as a list (Twilio), 'last' for Rack and qs's default. */
  duplicates: 'last' | 'combine' = 'last',
): Comparison {
  const [fullPath = '', search = ''] = request.url.split(/\?(.*)/s);
  // A --base-path is carried before the document's path: the segments are read after it.
  const base = op.apiPath.slice(0, op.apiPath.length - apiTemplate(op.path, op.parameters).length);
  const path = fullPath.startsWith(base) ? fullPath.slice(base.length) : fullPath;
  const query = parse(search, { duplicates }) as Record<string, unknown>;
  const read: Record<string, unknown> = {};
  const expected: Record<string, unknown> = {};
  const template = new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{([^}]+)\\?\}/g, '(?<$1>[^/]+)').replace(/\(\?<([^>]+)>/g, (_m, name: string) => `(?<${name.replace(/\W/g, '_')}>`)}$`);
  const segments = template.exec(path)?.groups ?? {};
  for (const parameter of op.parameters) {
    if (!(parameter.key in args)) continue;
    const explodedList = parameter.in === 'query' && parameter.style !== 'deepObject' && Array.isArray(args[parameter.key]);
    expected[parameter.key] = explodedList ? asSent(args[parameter.key]) : asSent(args[parameter.key]);
    if (parameter.in === 'path') read[parameter.key] = decodeURIComponent(segments[parameter.name.replace(/\W/g, '_')] ?? '');
    else if (parameter.in === 'header') read[parameter.key] = request.headers[parameter.name.toLowerCase()];
    else if (explodedList && (parameter.explode ?? true) && (parameter.style ?? 'form') === 'form') read[parameter.key] = new URLSearchParams(search).getAll(parameter.name);
    else if (explodedList && parameter.explode === false && (parameter.style ?? 'form') === 'form') read[parameter.key] = new URLSearchParams(search).get(parameter.name)?.split(',');
    else read[parameter.key] = query[parameter.name];
  }
  if ('body' in args && op.body?.kind === 'multipart') {
    expected.body = expectedParts(op, args.body as Record<string, unknown>);
    read.body = request.form;
  } else if ('body' in args && op.body?.kind === 'text') {
    // Text (XML, plain text) goes as the model wrote it: byte for byte, with the document's media type.
    expected.body = { text: args.body, contentType: op.body.mediaType };
    read.body = { text: request.text, contentType: String(request.headers['content-type'] ?? '') };
  } else if ('body' in args && op.body) {
    expected.body = op.body.kind === 'json' ? args.body : asSent(args.body);
    read.body = op.body.kind === 'json' ? (JSON.parse(request.text) as unknown) : parse(request.text, { duplicates });
  }
  return { read, expected };
}
