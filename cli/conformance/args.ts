// Parses `npm run conformance -- <base-url> [--token T] [--start "<command>"] [--api-port N]
// [--header "Name: value"]… [--tool NAME] [--args JSON]`.
export const USAGE = `usage: npm run conformance -- <base-url> [options]
  --start "<command>"    start the server under test with CUSTOMER_API_URL set to the stand-in API (checks every rule)
  --api-port N           run the stand-in API on port N, for a server started separately with CUSTOMER_API_URL=http://127.0.0.1:N
  --token T              the user's access token for calls that should succeed (default: conformance-user)
  --header "Name: value" sent on every request, e.g. the hub's shared secret (repeatable)
  --tool NAME            the tool to call for the forwarding and error rules (default: the first that reaches the API)
  --args JSON            its arguments (default: the smallest valid ones from its input schema)`;

export interface ConformanceArgs {
  baseUrl: string;
  start?: string;
  apiPort?: number;
  token?: string;
  headers: Record<string, string>;
  tool?: string;
  args?: Record<string, unknown>;
}

export function parseConformanceArgs(argv: readonly string[]): ConformanceArgs | string {
  const positional: string[] = [];
  const parsed: Omit<ConformanceArgs, 'baseUrl'> = { headers: {} };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined) return `${arg} needs a value`;
    i += 1;
    if (arg === '--start') parsed.start = value;
    else if (arg === '--token') parsed.token = value;
    else if (arg === '--tool') parsed.tool = value;
    else if (arg === '--api-port') {
      if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) return `--api-port must be a port number (got ${value})`;
      parsed.apiPort = Number(value);
    } else if (arg === '--header') {
      const match = /^([A-Za-z0-9-]+):\s*(.*)$/.exec(value);
      if (!match) return `--header must read "Name: value" (got ${value})`;
      parsed.headers[match[1]!.toLowerCase()] = match[2] ?? '';
    } else if (arg === '--args') {
      try {
        const args = JSON.parse(value) as unknown;
        if (typeof args !== 'object' || args === null || Array.isArray(args)) return '--args must be a JSON object';
        parsed.args = args as Record<string, unknown>;
      } catch {
        return `--args is not JSON: ${value}`;
      }
    } else return `unknown option ${arg}`;
  }
  if (positional.length !== 1) return positional.length === 0 ? 'give the base URL of the server, e.g. http://127.0.0.1:3000' : `one base URL only (got ${positional.join(' ')})`;
  const baseUrl = positional[0] ?? '';
  if (!/^https?:\/\/[^/]+/.test(baseUrl)) return `the base URL must start with http:// or https:// (got ${baseUrl})`;
  return { baseUrl, ...parsed };
}
