// What the official MCP Registry refuses in server.json beyond its schema (its validators): a remote it
// cannot reach from the internet, a version that is not one version, and a namespace nobody can own.
import { PLACEHOLDER_NAMESPACE } from '../../src/card';
import type { ServerInfo } from '../../src/mcp/core/context';

/** `^1.2`, `~1.2.3`, `>=1`, `1.x`, `1.2.*`, `1 - 2`, `1 || 2`: ranges, not a version. */
const RANGE = /^\s*(?:[~^<>=]|.*\s-\s|.*\|\||(?:v?\d+|[xX*])(?:\.(?:\d+|[xX*]))*\.[xX*])/;

export function registryProblems(info: ServerInfo, mcpUrl: string): string[] {
  const problems: string[] = [];
  if (info.name.startsWith(`${PLACEHOLDER_NAMESPACE}/`)) {
    problems.push(
      `MCP_SERVER_NAME: is the template's placeholder (${info.name}): set your own namespace, one the registry lets you prove ` +
        '(io.github.<your GitHub user or organisation>/<server>, or com.yourcompany/<server> for a domain you own)',
    );
  }
  let url: URL | undefined;
  try {
    url = new URL(mcpUrl);
  } catch {
    problems.push('MCP_PUBLIC_URL: is not a URL');
  }
  if (url && url.protocol !== 'https:') problems.push(`MCP_PUBLIC_URL: the registry takes https:// remotes only (got ${url.protocol}//)`);
  if (url && (url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname.endsWith('.localhost'))) {
    problems.push(`MCP_PUBLIC_URL: the registry refuses a remote on ${url.hostname}: give the URL hosts reach from the internet`);
  }
  if (info.version === 'latest' || RANGE.test(info.version)) problems.push(`package.json: "version" must be one version, not ${JSON.stringify(info.version)}`);
  return problems;
}
