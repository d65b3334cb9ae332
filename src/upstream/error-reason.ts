// The API's own reason for a refused request: the human text of any error body (./error-words walks JSON of
// any shape; a plain-text body is its own reason), stripped of control characters, markup and any stack
// trace, and bounded, so the model can read it as the API's words. Every reason leaves through finish(),
// which takes the request's credentials out (./redact).
import type { UpstreamReason } from './errors';
import { redactorFor, type Redact } from './redact';
import { collectIn, fieldOf, headlineOf, record, SUMMARY_FIELD, titleOf, topFieldMap, type Walk } from './error-words';

/** Longest reason kept: a sentence or two, never a page (a body may echo a whole argument). */
export const MAX_REASON = 300;
/** How many messages of a list are joined. */
const MAX_LISTED = 3;
const CONSTANT = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;

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

/**
 * Where a stack trace starts in a text: a JavaScript, Java or .NET frame (`at f (/srv/app.js:1:2)`,
 * `at com.x.Y.z(Y.java:12)`, `at X.Y() in C:\app\y.cs:line 3`), Python's `Traceback` or `File "…", line 3`.
 * What follows names files and internals, never the API's reason.
 */
const STACK = /\s+at\s+\S+\s*\(.*?(?::\d+|Native Method|Unknown Source)\)|\s+at\s+\S+\(\)\s+in\s|\s+at\s+\S+:\d+:\d+|Traceback \(most recent call last\)|\s*File "[^"]*", line \d+/;

/** The text before any stack trace it holds. */
const beforeStack = (text: string) => text.split(STACK, 1)[0] ?? '';

/** Without the request's headers, token-shaped strings (a JWT, `Bearer …`) are still taken out. */
const shapesOnly: Redact = redactorFor(undefined);

/**
 * The reason in an error body: parsed JSON of any shape, or a plain text; undefined when it holds no words.
 * `problem`: the body was `application/problem+json`, whose `detail` (else `title`) is the reason.
 * `redact`: takes the request's credentials out (./redact's redactorFor); the API client passes the request's.
 */
export function errorReason(body: unknown, problem = false, redact: Redact = shapesOnly): UpstreamReason | undefined {
  if (typeof body === 'string') return finish(body, undefined, redact);
  const walk: Walk = { said: [] };
  const top = record(body);
  // A list at the top (Salesforce's `[{"message": …, "errorCode": …}]`) is a list of errors.
  if (top === undefined) {
    if (Array.isArray(body)) collectIn({ errors: body }, 0, walk);
    return summed(undefined, walk, false, undefined, redact);
  }
  const headline = headlineOf(top, problem);
  walk.summary = headline.from === top ? undefined : headline.from;
  // Without a summary, the whole body may be a field map (Django REST's `{"email": ["…"]}`).
  if (headline.text !== undefined || !topFieldMap(top, walk)) collectIn(top, 0, walk);
  const field = fieldOf(headline.from, SUMMARY_FIELD) ?? fieldOf(top, SUMMARY_FIELD);
  return summed(headline.text ?? (walk.said.length === 0 ? titleOf(top) : undefined), walk, problem, field, redact);
}

/**
 * The summary and the listed messages as one reason. GitHub's `{"message": "Validation Failed", "errors":
 * [{"field": "title", "message": "…"}]}` reads `Validation Failed: …`; a problem's detail already sums its
 * list up. The field is the summary's own, else the first message's that names one.
 */
function summed(text: string | undefined, walk: Walk, problem: boolean, field: string | undefined, redact: Redact): UpstreamReason | undefined {
  const seen = new Set<string>(text === undefined ? [] : [text]);
  // Beside a summary, a listed constant (Google's `reason: "API_KEY_INVALID"`) is a code, not words.
  const listed = walk.said.filter((said) => !(text !== undefined && CONSTANT.test(said)) && !seen.has(said) && seen.add(said)).slice(0, MAX_LISTED);
  // Several sentences joined with '; ' lose their full stops: `a; b`, not `a.; b`.
  const words = listed.map((said) => (listed.length > 1 ? said.replace(/[\s.]+$/, '') : said));
  let reason = text;
  if (reason === undefined) reason = words.length > 0 ? words.join('; ') : undefined;
  else if (!problem && words.length > 0) reason = `${reason.replace(/[\s.:;]+$/, '')}: ${words.join('; ')}`;
  return reason === undefined ? undefined : finish(reason, field ?? walk.field, redact);
}

/**
 * The one way out for a reason: credentials removed before cleaning (so a cut at the bound never leaves
 * half of one) and again after (cleaning may rejoin what markup split); a field that held one is dropped.
 */
function finish(raw: string, field: string | undefined, redact: Redact): UpstreamReason | undefined {
  const text = redact(cleanText(redact(beforeStack(raw))));
  if (text === '') return undefined;
  return field === undefined || redact(field) !== field ? { text } : { text, field };
}
