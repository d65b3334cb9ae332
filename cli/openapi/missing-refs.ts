// Local $refs to nothing (`#/components/schemas/Gone`, common in converted Swagger 2.0 documents): each
// is named, and read as any value, so one missing model costs a field's type, not the whole document.
type Json = Record<string, unknown>;

export interface MissingRef {
  /** JSON pointer of the object that holds the $ref. */
  at: string;
  ref: string;
}

const step = (part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~');

function target(document: Json, ref: string): unknown {
  const parts = ref.slice(2).split('/').map((part) => step(decodeURIComponent(part)));
  return ref === '#' ? document : parts.reduce<unknown>((value, part) => (typeof value === 'object' && value !== null ? (value as Json)[part] : undefined), document);
}

/** The document (changed in place) with every local $ref to nothing replaced by an empty schema, and where each was. */
export function withoutMissingRefs(document: Json): { document: Json; missing: MissingRef[] } {
  const missing: MissingRef[] = [];
  const walk = (value: unknown, at: string): void => {
    if (typeof value !== 'object' || value === null) return;
    const entries: Array<[string, unknown]> = Array.isArray(value) ? value.map((item, i) => [String(i), item]) : Object.entries(value);
    for (const [key, item] of entries) {
      const pointer = `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      const ref = typeof item === 'object' && item !== null ? (item as Json).$ref : undefined;
      if (typeof ref === 'string' && ref.startsWith('#') && target(document, ref) === undefined) {
        missing.push({ at: pointer, ref });
        const { $ref: _gone, ...rest } = item as Json;
        (value as Json)[key] = rest;
        continue;
      }
      walk(item, pointer);
    }
  };
  walk(document, '');
  return { document, missing };
}
