// Tool names and the identifiers they are imported as, shared by `npm run new-tool` and `npm run openapi`.

/** Lower-case letters, digits and "_", starting with a letter: a file name, a tool name and an identifier alike. */
export const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/** Names that are files of tools/ but not tools. */
const RESERVED_FILES = new Set(['index', 'types']);

const RESERVED_WORDS = new Set(
  ('break case catch class const continue debugger default delete do else enum export extends false finally for function if ' +
    'import in instanceof new null return super switch this throw true try typeof var void while with yield let static ' +
    'implements interface package private protected public await async tools z').split(' '),
);

/** Why `name` cannot be a new tool's name, or undefined when it can. */
export function invalidToolName(name: string): string | undefined {
  if (!TOOL_NAME.test(name)) return `"${name}" is not a valid tool name: use 1-64 lower-case letters, digits and "_", starting with a letter (e.g. list_invoices)`;
  if (RESERVED_FILES.has(name)) return `"${name}" is the name of a file in tools/ that is not a tool`;
  return undefined;
}

/** list_invoices → listInvoices; a reserved word gets a "Tool" suffix (delete → deleteTool). */
export function identifierFor(name: string): string {
  const camel = name.replace(/_+([a-z0-9])/g, (_match, char: string) => char.toUpperCase()).replace(/_+$/, '');
  return RESERVED_WORDS.has(camel) ? `${camel}Tool` : camel;
}

/** "get_order_by_id" from "getOrderById" or "get-order by id": for names taken from elsewhere (OpenAPI). */
export function toToolName(text: string): string {
  const snake = text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const name = /^[a-z]/.test(snake) ? snake : `op_${snake}`;
  return name.slice(0, 64).replace(/_+$/, '');
}
