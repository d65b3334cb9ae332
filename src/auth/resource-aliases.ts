// The other names of /mcp (OAUTH_RESOURCE_ALIASES): `localhost` and `127.0.0.1` are one server to a person
// but two resources to a client that compares the metadata's `resource` with the URL it was given (the MCP
// SDKs, mcp-remote: "Protected resource … does not match expected …"). The metadata names the one the
// client used, and a token for any of them is a token for this server (RFC 8707 audience).

/** The spellings of this machine a loopback resource also answers to. */
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** `http://127.0.0.1:3000/mcp` → `http://localhost:3000/mcp`, `http://[::1]:3000/mcp`; none for another host. */
export function loopbackAliases(resource: string): string[] {
  const url = new URL(resource);
  if (!LOOPBACK.includes(url.hostname)) return [];
  return LOOPBACK.filter((name) => name !== url.hostname).map((name) => {
    const alias = new URL(resource);
    alias.hostname = name;
    return resource.endsWith('/') || url.pathname !== '/' ? alias.href : alias.href.replace(/\/$/, '');
  });
}

/**
 * The aliases in force: those configured (`none`: no alias at all), else a loopback resource's loopback
 * aliases. Never the resource itself, each once.
 */
export function resourceAliases(resource: string, configured: readonly string[] | 'none' | undefined): string[] {
  if (configured === 'none') return [];
  return [...new Set(configured ?? loopbackAliases(resource))].filter((alias) => alias !== resource);
}
