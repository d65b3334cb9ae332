// Parses `npm run new-tool -- <name> [--method GET|POST|PUT|PATCH|DELETE] [--path /things/:id]`.
export const USAGE = 'usage: npm run new-tool -- <name> [--method GET|POST|PUT|PATCH|DELETE] [--path /things/:id]';

export interface NewToolArgs {
  name: string;
  method?: string;
  path?: string;
}

/** The arguments, or a message saying what is wrong. */
export function parseNewToolArgs(argv: readonly string[]): NewToolArgs | string {
  const names: string[] = [];
  const options: { method?: string; path?: string } = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--method' || arg === '--path') {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) return `${arg} needs a value`;
      options[arg === '--method' ? 'method' : 'path'] = value;
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
