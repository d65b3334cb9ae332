// What the generator chose where a form body's `encoding` says nothing about a nested property: bracket
// notation (`shipping[address][city]=Berlin`, arrays by index), as qs, Rack, Rails and PHP read it; the
// review note names the properties.
import type { Body } from './operation';
import { mergeAllOf, typesOf, writableProperties, type Schema } from './schema';

/** An object, or an array of objects or arrays: what only bracket notation keeps whole in a form body. */
function nestedSchema(schema: Schema): boolean {
  const merged = mergeAllOf(schema);
  const choices = [...(merged.oneOf ?? []), ...(merged.anyOf ?? [])];
  if (choices.length > 0) return choices.some(nestedSchema);
  const { types } = typesOf(merged);
  if (types.includes('object')) return true;
  return types.includes('array') && merged.items !== undefined && typesOf(mergeAllOf(merged.items)).types.some((type) => type === 'object' || type === 'array');
}

export function bracketNote(body: Body | undefined): string | undefined {
  if (body?.kind !== 'form') return undefined;
  const silent = writableProperties(mergeAllOf(body.schema))
    .filter(([name, schema]) => body.encoding[name]?.style === undefined && body.encoding[name]?.contentType === undefined && nestedSchema(schema))
    .map(([name]) => name);
  if (silent.length === 0) return undefined;
  return `the form body's encoding says nothing about ${silent.join(', ')}: sent in bracket notation (name[key]=…, arrays by index, as qs and Rack read it); check that the API reads it so`;
}
