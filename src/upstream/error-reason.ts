// The API's own reason for a refused request (issue 33): a short text from a 4xx body's common shapes
// (RFC 9457 problem details, `{error:{message,param}}`, `{error:"…"}`, `{message}`, `{errors:[{message}]}`,
// Jira's `{errorMessages:[…], errors:{field: msg}}`, Box's `context_info.errors`, the scopes HubSpot names),
// stripped of control characters and markup and bounded, so the model can read it as the API's words.
// Every reason leaves through finish(), which takes the request's credentials out (./redact).
import type { UpstreamReason } from './errors';
import { redactorFor, type Redact } from './redact';

/** Longest reason kept: a sentence or two, never a page (a body may echo a whole argument). */
export const MAX_REASON = 300;
const MAX_FIELD = 80;
/** How many messages of an `errors` list are joined. */
const MAX_LISTED = 3;

type Json = Record<string, unknown>;

const record = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** Tags, control and format characters (bidi overrides, zero-width) and double quotes out; spaces collapsed; cut at `max`. */
export function cleanText(raw: string, max = MAX_REASON): string {
  const text = raw
    .replace(/<[^>]*>/g, ' ')
    .replace(/\u001b\[[0-9;?]*[A-Za-z]/g, ' ') // terminal colours
    .replace(/[<>]/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g, ' ')
    // The reason is shown between double quotes: one inside would end it early.
    .replace(/"/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  let cut = max - 1;
  if (/[\ud800-\udbff]/.test(text.charAt(cut - 1))) cut -= 1; // never half a surrogate pair
  return `${text.slice(0, cut).trimEnd()}…`;
}

/** A field name as the API wrote it (`customer`, `items[0].price`), or a JSON pointer's last name (`/data/email` → `email`). */
function fieldName(value: unknown): string | undefined {
  const raw = str(value);
  if (raw === undefined) return undefined;
  const name = raw.startsWith('/') ? (raw.split('/').filter((part) => part !== '' && !/^\d+$/.test(part)).at(-1) ?? '') : raw;
  const clean = name.replace(/[^\w.[\]-]/g, '').slice(0, MAX_FIELD);
  return clean === '' ? undefined : clean;
}

/** The field one item of an `errors` or `invalid-params` list names (GitHub `field`, JSON:API `source.pointer`, RFC 9457 `name`/`pointer`). */
const itemField = (item: Json | undefined): string | undefined =>
  item && (fieldName(item.param) ?? fieldName(item.field) ?? fieldName(item.name) ?? fieldName(item.pointer) ?? fieldName(record(item.source)?.pointer));

/** Names listed in an item's context (HubSpot's `context: {requiredGranularScopes: ["files"]}`): the scopes a 403 wants. */
function contextNames(item: Json | undefined): string | undefined {
  const context = record(item?.context);
  if (context === undefined) return undefined;
  const names = Object.values(context).flatMap((value) => (Array.isArray(value) ? value.filter((name): name is string => str(name) !== undefined) : []));
  return names.length > 0 ? names.slice(0, MAX_LISTED * 2).join(', ') : undefined;
}

function itemMessage(item: unknown): string | undefined {
  const text = str(item) ?? str(record(item)?.message) ?? str(record(item)?.detail) ?? str(record(item)?.reason);
  const names = contextNames(record(item));
  return text === undefined || names === undefined ? text : `${text.replace(/[\s.:;]+$/, '')}: ${names}`;
}

/** Jira's `errors: {summary: "You must specify a summary."}` as a list of `{field, message}`. */
const fieldMap = (errors: Json | undefined): Json[] =>
  Object.entries(errors ?? {}).flatMap(([field, message]) => (str(message) === undefined ? [] : [{ field, message }]));

/** The list of messages a body holds: `errors`, RFC 9457 `invalid-params`, Jira's `errorMessages` and `errors` map, Box's `context_info.errors`. */
function listIn(top: Json): unknown[] {
  if (Array.isArray(top.errors)) return top.errors;
  if (Array.isArray(top['invalid-params'])) return top['invalid-params'];
  const box = record(top.context_info)?.errors;
  if (Array.isArray(box)) return box;
  return [...(Array.isArray(top.errorMessages) ? top.errorMessages : []), ...fieldMap(record(top.errors))];
}

/** Without the request's headers, token-shaped strings (a JWT, `Bearer …`) are still taken out. */
const shapesOnly: Redact = redactorFor(undefined);

/**
 * The reason in a parsed error body; undefined when the body has none of the known shapes.
 * `problem`: the body was `application/problem+json`, whose `detail` (else `title`) is the reason.
 * `redact`: takes the request's credentials out (./redact's redactorFor); the API client passes the request's.
 */
export function errorReason(body: unknown, problem = false, redact: Redact = shapesOnly): UpstreamReason | undefined {
  if (typeof body === 'string') return finish(body, undefined, redact);
  const top = record(body);
  if (top === undefined) return undefined;
  const list = listIn(top);
  const first = record(list.find((item) => itemField(record(item)) !== undefined));
  const listed = list.slice(0, MAX_LISTED).map(itemMessage).filter((text): text is string => text !== undefined);
  // Several sentences joined with '; ' lose their full stops: `a; b`, not `a.; b`.
  if (listed.length > 1) listed.forEach((text, i) => (listed[i] = text.replace(/[\s.]+$/, '')));
  const nested = record(top.error);
  let text: string | undefined;
  if (problem) text = str(top.detail) ?? str(top.title);
  text ??= str(nested?.message) ?? str(nested?.description);
  // OAuth's {error, error_description}; Slack's {ok: false, error: "channel_not_found"}.
  text ??= str(top.error_description) ?? str(top.error);
  text ??= str(top.message) ?? str(top.detail);
  if (text === undefined) text = listed.length > 0 ? listed.join('; ') : str(top.title);
  // GitHub: {"message": "Validation Failed", "errors": [{"field": "title", "message": "…"}]}. A problem's
  // detail already sums its list up.
  else if (!problem && listed.length > 0 && !listed.includes(text)) text = `${text.replace(/[\s.:;]+$/, '')}: ${listed.join('; ')}`;
  const field = fieldName(nested?.param) ?? fieldName(nested?.field) ?? fieldName(top.param) ?? fieldName(top.field) ?? itemField(first);
  return text === undefined ? undefined : finish(text, field, redact);
}

/**
 * The one way out for a reason: credentials removed before cleaning (so a cut at the bound never leaves
 * half of one) and again after (cleaning may rejoin what markup split); a field that held one is dropped.
 */
function finish(raw: string, field: string | undefined, redact: Redact): UpstreamReason | undefined {
  const text = redact(cleanText(redact(raw)));
  if (text === '') return undefined;
  return field === undefined || redact(field) !== field ? { text } : { text, field };
}
