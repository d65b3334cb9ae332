// Parses `npm run new-tool -- <name> [--method GET|POST|PUT|PATCH|DELETE] [--path /things/:id] [--scopes a,b] [--view]`.
export const USAGE = 'usage: npm run new-tool -- <name> [--method GET|POST|PUT|PATCH|DELETE] [--path /things/:id] [--scopes invoices:read,...] [--view]';

export interface NewToolArgs {
  name: string;
  method?: string;
  path?: string;
  /** Comma-separated OAuth scopes for MCP_AUTH=oauth. */
  scopes?: string;
  /** Also write an MCP Apps view for the tool (tools/<name>.view.ts and tools/views/<name>/). */
  view?: boolean;
}

const OPTIONS = { '--method': 'method', '--path': 'path', '--scopes': 'scopes' } as const;

/** The arguments, or a message saying what is wrong. */
export function parseNewToolArgs(argv: readonly string[]): NewToolArgs | string {
  const names: string[] = [];
  const options: { method?: string; path?: string; scopes?: string; view?: boolean } = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--view') {
      options.view = true;
    } else if (Object.hasOwn(OPTIONS, arg)) {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) return `${arg} needs a value`;
      options[OPTIONS[arg as keyof typeof OPTIONS]] = value;
      i += 1;
    } else if (arg.startsWith('--')) {
      return `unknown option ${arg}`;
    } else {
      names.push(arg);
    }
  }
  if (names.length !== 1) return names.length === 0 ? 'give the tool a name' : `one name only (got ${names.join(' ')})`;
  return { name: names[0] ?? '', ...options };
}
