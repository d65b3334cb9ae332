// Finds text no API can receive: a lone surrogate ("\uD800") has no UTF-8 form, so URL-encoding it
// throws and a JSON body would carry a replacement character. Refused as an argument error naming the field.
// Runs on every tool call: the walk allocates nothing unless it finds one (the path is built on the way out).

const MAX_DEPTH = 32;
/** With the u flag a valid pair is one code point, so only a lone surrogate matches (String#isWellFormed is ES2024). */
const LONE_SURROGATE = /\p{Cs}/u;
const wellFormed = (text: string): boolean => !LONE_SURROGATE.test(text);

/** The path of the first string that is not well-formed Unicode (e.g. "lines.2.sku"), or undefined. */
export function illFormedField(value: unknown): string | undefined {
  const found = pathToIllFormed(value, 0);
  return found === undefined ? undefined : found.reverse().join('.') || '(arguments)';
}

/** The path to the first ill-formed string, innermost step first; undefined when there is none. */
function pathToIllFormed(value: unknown, depth: number): (string | number)[] | undefined {
  if (typeof value === 'string') return wellFormed(value) ? undefined : [];
  if (typeof value !== 'object' || value === null || depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = pathToIllFormed(value[index], depth + 1);
      if (found !== undefined) return (found.push(index), found);
    }
    return undefined;
  }
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    if (!wellFormed(key)) return ['(a key)'];
    const found = pathToIllFormed((value as Record<string, unknown>)[key], depth + 1);
    if (found !== undefined) return (found.push(key), found);
  }
  return undefined;
}
