// Finds text no API can receive: a lone surrogate ("\uD800") has no UTF-8 form, so URL-encoding it
// throws and a JSON body would carry a replacement character. Refused as an argument error naming the field.

const MAX_DEPTH = 32;
/** With the u flag a valid pair is one code point, so only a lone surrogate matches (String#isWellFormed is ES2024). */
const LONE_SURROGATE = /\p{Cs}/u;
const wellFormed = (text: string): boolean => !LONE_SURROGATE.test(text);

/** The path of the first string that is not well-formed Unicode (e.g. "lines.2.sku"), or undefined. */
export function illFormedField(value: unknown, path: readonly (string | number)[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return wellFormed(value) ? undefined : path.join('.') || '(arguments)';
  if (typeof value !== 'object' || value === null || depth >= MAX_DEPTH) return undefined;
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, item] of entries) {
    if (typeof key === 'string' && !wellFormed(key)) return [...path, '(a key)'].join('.');
    const found = illFormedField(item, [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
