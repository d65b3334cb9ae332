// The `scopes: [...]` line both generators write: the OAuth scopes a caller's token must carry
// for the tool on /mcp with MCP_AUTH=oauth, or an empty list with a comment saying what it is for.

/** An RFC 6749 scope-token, as defineTool checks it: printable ASCII without space, quote or backslash. */
export const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

const WHAT_FOR =
  "OAuth scopes a caller's token must carry to call this tool on /mcp with MCP_AUTH=oauth, e.g. ['invoices:read'] (the hub's lane ignores them)";

/** The lines, at two spaces, for `scopes`; `note` says where the scopes came from. */
export function scopesLines(scopes: readonly string[], note?: string): string[] {
  const list = `[${scopes.map((scope) => `'${scope.replaceAll("'", "\\'")}'`).join(', ')}]`;
  const comments = scopes.length === 0 ? [WHAT_FOR, ...(note ? [note] : [])] : note ? [note] : [];
  return [...comments.map((line) => `  // ${line}`), `  scopes: ${list},`];
}

/** "a,b" → ['a', 'b'], or the first entry that is not a scope-token. */
export function parseScopes(text: string): { scopes: string[] } | { invalid: string } {
  const scopes = text.split(',').map((scope) => scope.trim()).filter((scope) => scope !== '');
  const invalid = scopes.find((scope) => !SCOPE_TOKEN.test(scope));
  return invalid === undefined ? { scopes: [...new Set(scopes)] } : { invalid };
}
