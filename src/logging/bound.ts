// Every string in a log line is bounded: a 1 MB argument or header must not become a 1 MB line.
// Applied by the logger (formatters and serializers), so no call site can forget it.

/** Longest string kept in a log field; longer ones are cut and say how much was cut. */
export const MAX_LOG_STRING = 200;
/** Error messages and stacks get more room: they are ours, and a stack is useless at 200 characters. */
export const MAX_ERROR_STRING = 2000;
const MAX_DEPTH = 4;
const MAX_ITEMS = 20;

export function boundString(text: string, max = MAX_LOG_STRING): string {
  return text.length <= max ? text : `${text.slice(0, max)}…[${text.length - max} more]`;
}

function needsWork(value: unknown): boolean {
  return (typeof value === 'string' && value.length > MAX_LOG_STRING) || (typeof value === 'object' && value !== null);
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
