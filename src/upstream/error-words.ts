// Where the human text of a JSON error body is, whatever its shape: a walk by rules, not a list of vendors.
// Keys are compared without case or separators (`Message`, `error_description`, `invalid-params`). A few
// keys carry words (`message`, `detail`, `description`, `reason`, `title`, …); keys that name errors
// (`errors`, `ValidationErrors`, `details`, `violations`, `invalid-params`) hold lists of them at any depth;
// everything else (codes, ids, an echoed record's `Name` or `Description`) is walked through, never read.

type Json = Record<string, unknown>;

const MAX_DEPTH = 8;
/** Enough messages to fill a reason; a body listing hundreds stops being walked. */
const MAX_SAID = 12;
const MAX_FIELD = 80;

export const record = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
export const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** Keys never read nor walked: a stack or a debug dump may hold internals, never words for the model. */
const INTERNAL = /stack|trace|exception|debug|internal/;

/** `Error_Description`, `errorDescription`, `error-description` → `errordescription`. */
const norm = (key: string) => key.toLowerCase().replace(/[^a-z]/g, '');

/** The value of `object`'s first key whose normal form passes `test`. */
function valueOf(object: Json, test: (key: string) => boolean): unknown {
  for (const key of Object.keys(object)) {
    const name = norm(key);
    if (test(name) && !INTERNAL.test(name)) return object[key];
  }
  return undefined;
}
const is = (...names: string[]) => (key: string) => names.includes(key);
const endsWith = (...ends: string[]) => (key: string) => ends.some((end) => key.endsWith(end));

/** Keys that hold errors: a list (`errors`, `ValidationErrors`, `fieldViolations`) or a field map (`errors: {email: "…"}`). */
const ERRORS = /error|message|detail|violation|invalid|problem|issue|failure|reason/;

/** Keys of one message's words, best first (`message` over `detail` over `reason` over `title`). */
const ITEM_TEXT = [is('message', 'msg'), endsWith('message', 'msg'), is('detail', 'details'), endsWith('description'), is('reason'), is('title'), endsWith('text', 'string')];

/** A message's words: a string, or the first key of ITEM_TEXT that holds one. */
export function textOf(value: unknown, ranks = ITEM_TEXT): string | undefined {
  const own = str(value);
  if (own !== undefined) return own;
  const object = record(value);
  if (object === undefined) return undefined;
  for (const test of ranks) {
    const text = str(valueOf(object, test));
    if (text !== undefined) return text;
  }
  return undefined;
}

/** A field name as the API wrote it (`customer`, `items[0].price`), or a path's last name (`/data/email`, FastAPI's `["body", "email"]`). */
export function fieldName(value: unknown): string | undefined {
  let name: string | undefined;
  if (Array.isArray(value)) name = value.filter((part): part is string => str(part) !== undefined).at(-1);
  else if (str(value)?.startsWith('/')) name = (value as string).split('/').filter((part) => part !== '' && !/^\d+$/.test(part)).at(-1);
  else name = str(value);
  const clean = (name ?? '').replace(/[^\w.[\]-]/g, '').slice(0, MAX_FIELD);
  return clean === '' ? undefined : clean;
}

/** Keys that name the field an error is about: Stripe `param`, GitHub `field`, RFC 9457 `name`/`pointer`, FastAPI `loc`, Salesforce `fields`. */
const FIELD_KEYS = is('param', 'parameter', 'field', 'fieldname', 'property', 'propertyname', 'name', 'pointer', 'loc', 'instancepath');

/** Where a body's summary names its field: not `name` (an error object's `name` is its class, `ValidationError`). */
export const SUMMARY_FIELD = is('param', 'parameter', 'field', 'fieldname', 'property', 'propertyname');

/** The field an error object names, JSON:API's `source.pointer` included; a list of fields gives its first. */
export function fieldOf(object: Json | undefined, keys = FIELD_KEYS): string | undefined {
  if (object === undefined) return undefined;
  const named = valueOf(object, keys);
  const fields = valueOf(object, is('fields'));
  return fieldName(named) ?? (Array.isArray(fields) ? fieldName(fields.find((item) => str(item) !== undefined)) : undefined) ?? fieldOf(record(valueOf(object, is('source'))), is('pointer', 'parameter'));
}

/** Names listed in an item's context (HubSpot's `context: {requiredGranularScopes: ["files"]}`): the scopes a 403 wants. */
function contextNames(item: Json): string | undefined {
  const context = record(valueOf(item, is('context')));
  if (context === undefined) return undefined;
  const names = Object.values(context).flatMap((value) => (Array.isArray(value) ? value.filter((name): name is string => str(name) !== undefined) : []));
  return names.length > 0 ? names.slice(0, 6).join(', ') : undefined;
}

/** What a walk has found, and the error object already read as the body's summary (its words are not repeated). */
export interface Walk {
  /** The messages found, in the body's order. */
  said: string[];
  /** The first field an error names, with words or without (GitHub's `{field: "title", code: "missing_field"}`). */
  field?: string;
  summary?: Json;
}

/**
 * A field map: `errors: {summary: "You must specify a summary."}`, Rails' `{email: ["is invalid"]}`. Every
 * value is words and no key is one of words; `strings` says single strings count (under an `…errors` key).
 */
function isFieldMap(object: Json, strings: boolean): boolean {
  const values = Object.values(object);
  const words = (value: unknown) => (strings && str(value) !== undefined) || (Array.isArray(value) && value.length > 0 && value.every((item) => str(item) !== undefined));
  return values.length > 0 && textOf(object) === undefined && values.every(words);
}

function fromFieldMap(object: Json, walk: Walk): void {
  for (const [key, said] of Object.entries(object)) {
    for (const text of Array.isArray(said) ? said : [said]) walk.said.push(text as string);
    walk.field ??= fieldName(key);
  }
}

/** The messages under a key that holds errors: each item of a list, each entry of a field map, or one error object. */
function collectUnder(key: string, value: unknown, depth: number, walk: Walk): void {
  const object = record(value);
  if (object !== undefined && isFieldMap(object, /(errors|messages)$/.test(key))) return fromFieldMap(object, walk);
  if (!Array.isArray(value)) return collectItem(value, depth, walk);
  for (const item of value) collectItem(item, depth + 1, walk);
}

/** One error: its own words (with the scopes its context names), then the errors nested inside it. */
function collectItem(item: unknown, depth: number, walk: Walk): void {
  if (depth > MAX_DEPTH || walk.said.length >= MAX_SAID) return;
  if (Array.isArray(item)) return collectUnder('', item, depth, walk);
  const object = record(item);
  if (object !== undefined && object === walk.summary) return collectIn(object, depth + 1, walk);
  walk.field ??= fieldOf(object);
  const text = textOf(item);
  const names = object && contextNames(object);
  if (text !== undefined) walk.said.push(names === undefined ? text : `${text.replace(/[\s.:;]+$/, '')}: ${names}`);
  if (object !== undefined) collectIn(object, depth + 1, walk);
}

/**
 * Every message under a key that holds errors, anywhere in `object`, in the body's order. Other objects are
 * walked through (Xero's `Elements: [{…the echoed invoice…, ValidationErrors: [{Message}]}]`), never read.
 */
export function collectIn(object: Json, depth: number, walk: Walk): void {
  for (const [key, value] of Object.entries(object)) {
    if (depth > MAX_DEPTH || walk.said.length >= MAX_SAID) return;
    const name = norm(key);
    if (typeof value !== 'object' || value === null || INTERNAL.test(name)) continue;
    if (ERRORS.test(name)) collectUnder(name, value, depth, walk);
    else if (Array.isArray(value)) for (const item of value) collectIn(record(item) ?? {}, depth + 1, walk);
    else collectIn(value as Json, depth + 1, walk);
  }
}

/** The whole body as a field map (Django REST's `{"email": ["This field is required."]}`): lists of words only. */
export function topFieldMap(top: Json, walk: Walk): boolean {
  // `{"errors": ["…"]}` is a list under a key that holds errors, not a field named `errors`.
  if (!isFieldMap(top, false) || Object.keys(top).some((key) => ERRORS.test(norm(key)))) return false;
  fromFieldMap(top, walk);
  return true;
}

/**
 * Keys of a body's summary, best first: an OAuth `error_description` before its `error` code, Slack's
 * `error: "channel_not_found"`, `message` (any case, `errorMessage`, `msg`), `detail`, `description`, `reason`.
 * `title` comes last, after any list (a problem's title only restates its type).
 */
const HEADLINE = [is('errordescription'), is('error'), is('message', 'msg'), endsWith('message', 'msg'), is('detail', 'details'), endsWith('description'), is('reason'), endsWith('text', 'string')];

/** The body's own summary and the object it came from; an `error` or `fault` object (Google's, Apigee's) speaks for the body. */
export function headlineOf(top: Json, problem: boolean): { text?: string; from: Json } {
  if (problem) return { text: str(valueOf(top, is('detail'))) ?? str(valueOf(top, is('title'))), from: top };
  const nested = record(valueOf(top, is('error', 'fault')));
  const inner = nested === undefined ? undefined : textOf(nested);
  if (inner !== undefined) return { text: inner, from: nested! };
  return { text: textOf(top, HEADLINE), from: top };
}

export const titleOf = (top: Json): string | undefined => str(valueOf(top, is('title')));
