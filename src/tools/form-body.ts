// Bracket notation (`shipping[address][city]=Berlin`, `expand[0]=a`, `tax_id_data[0][type]=eu_vat`) and
// `application/x-www-form-urlencoded` bodies as an OpenAPI document's `encoding` object says, read back
// by `qs` and Rack alike: used by tools that `npm run openapi` generates.

export type ParameterStyle = 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject' | 'simple' | 'label' | 'matrix';

/** One property's entry of a form body's `encoding` object. */
export interface PartEncoding {
  style?: ParameterStyle;
  explode?: boolean;
  /** A media type for the property's value; a JSON one sends objects and arrays as JSON text. */
  contentType?: string;
}

/** RFC 3986 percent-encoding: everything but the unreserved characters (encodeURIComponent leaves !'()* too). */
export function encode(text: string, allowReserved = false): string {
  const strict = encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  // "#" and "&" stay encoded even then: either would cut the query short.
  return allowReserved ? strict.replace(/%(3A|2F|3F|5B|5D|40|21|24|27|28|29|2A|2B|2C|3B|3D)/g, (escape) => decodeURIComponent(escape)) : strict;
}

/** `[key, value]` pairs for a value nested to any depth: objects by key, arrays by index, as qs and Stripe's libraries send them. */
export function bracketPairs(name: string, value: unknown): Array<[string, string]> {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((item, index) => bracketPairs(`${name}[${index}]`, item));
  if (typeof value === 'object') return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => bracketPairs(`${name}[${key}]`, item));
  return [[name, String(value)]];
}

/** `a[b][0]=c`: each name part percent-encoded, the brackets kept as they are (qs and Rack read both). */
export function bracketQuery(name: string, value: unknown, allowReserved = false): string | undefined {
  const pairs = bracketPairs(name, value);
  if (pairs.length === 0) return undefined;
  const key = (text: string) => text.split(/([[\]])/).map((part) => (part === '[' || part === ']' ? part : encode(part))).join('');
  return pairs.map(([k, v]) => `${key(k)}=${encode(v, allowReserved)}`).join('&');
}

/** An object, or an array holding an object or array: only bracket notation keeps its structure. */
export const isNested = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (!Array.isArray(value) || value.some((item) => typeof item === 'object' && item !== null));

const isJsonType = (type: string | undefined) => type !== undefined && /^application\/(?:[\w.+-]*\+)?json\b/i.test(type);

/**
 * An `application/x-www-form-urlencoded` body. Each property follows its `encoding` entry: `deepObject` in
 * bracket notation to any depth, `form` (exploded unless `explode: false`), space/pipe-delimited, or a JSON
 * `contentType`. A property the document says nothing about is `form`, except a nested value, which goes in
 * bracket notation (the generator says so in the tool's review notes).
 */
export function encodeFormBody(
  value: unknown,
  encoding: Readonly<Record<string, PartEncoding>>,
  flat: (name: string, item: unknown, part: PartEncoding) => string | undefined,
): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return '';
  return Object.entries(value as Record<string, unknown>)
    .flatMap(([name, item]) => {
      const part = encoding[name] ?? {};
      if (item === undefined || item === null) return [];
      if (part.style === undefined && part.contentType !== undefined) {
        const text = isJsonType(part.contentType) && typeof item === 'object' ? JSON.stringify(item) : String(item);
        return [`${encode(name)}=${encode(text)}`];
      }
      const sent = part.style === 'deepObject' || (part.style === undefined && isNested(item)) ? bracketQuery(name, item) : flat(name, item, part);
      return sent === undefined ? [] : [sent];
    })
    .join('&');
}
