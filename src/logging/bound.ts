// Every string in a log line is bounded: a 1 MB argument or header must not become a 1 MB line, and a
// control or bidirectional character is written as its escape. Applied by the logger (formatters and
// serializers), so no call site can forget it; answers that repeat a client's text use it too (echoed()).

/** Longest string kept in a log field; longer ones are cut and say how much was cut. */
export const MAX_LOG_STRING = 200;
/** Error messages and stacks get more room: they are ours, and a stack is useless at 200 characters. */
export const MAX_ERROR_STRING = 2000;
const MAX_DEPTH = 4;
const MAX_ITEMS = 20;

/**
 * Characters that change how the rest of a line is shown rather than showing themselves: C0 and C1
 * controls (a line break, an ANSI colour sequence), and the bidirectional marks and overrides (U+202E
 * turns `cod.exe` into what reads as `exe.doc`). JSON escapes only C0; a log viewer or a client's
 * screen renders the rest. U+2028/U+2029 break lines in some readers.
 */
const DISPLAY_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const DISPLAY_CONTROLS_ALL = new RegExp(DISPLAY_CONTROLS.source, 'g');
/** The same, less line feed and tab: an error's stack keeps its lines. */
const DISPLAY_CONTROLS_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const escapeOne = (char: string): string => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `text` with every display control written as its escape (`\u202e`), visible instead of acting. */
export function escapeControls(text: string, keepLines = false): string {
  return keepLines ? text.replace(DISPLAY_CONTROLS_BUT_LINES, escapeOne) : DISPLAY_CONTROLS.test(text) ? text.replace(DISPLAY_CONTROLS_ALL, escapeOne) : text;
}

/** `text` cut to `max` characters (saying how many more there were), its display controls escaped. */
export function boundString(text: string, max = MAX_LOG_STRING, keepLines = false): string {
  const cut = text.length <= max ? text : `${text.slice(0, max)}…[${text.length - max} more]`;
  return escapeControls(cut, keepLines);
}

function needsWork(value: unknown): boolean {
  if (typeof value === 'string') return value.length > MAX_LOG_STRING || DISPLAY_CONTROLS.test(value);
  return typeof value === 'object' && value !== null;
}

/** A bounded copy of `value`: strings cut, objects and arrays cut in depth and breadth. */
export function bounded(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return boundString(value);
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Error) return value; // the err serializer bounds it
  if (depth >= MAX_DEPTH) return '[nested]';
  if (Array.isArray(value) || ArrayBuffer.isView(value)) {
    const items = Array.from(value as ArrayLike<unknown>);
    const kept = items.slice(0, MAX_ITEMS).map((item) => bounded(item, depth + 1));
    if (items.length > MAX_ITEMS) kept.push(`…[${items.length - MAX_ITEMS} more]`);
    return kept;
  }
  const out: Record<string, unknown> = {};
  let count = 0;
  for (const [key, item] of Object.entries(value)) {
    if (count++ === MAX_ITEMS) {
      out['…'] = 'more keys';
      break;
    }
    out[boundString(key, 64)] = bounded(item, depth + 1);
  }
  return out;
}

/** The top level of a log call's object; unchanged (not copied) in the common case of short scalars. */
export function boundedFields<T extends Record<string, unknown>>(fields: T, skip: ReadonlySet<string>): T {
  let copy: Record<string, unknown> | undefined;
  for (const key in fields) {
    const value = fields[key];
    if (skip.has(key) || !needsWork(value)) continue;
    copy ??= { ...fields };
    copy[key] = bounded(value, 1);
  }
  return (copy ?? fields) as T;
}
