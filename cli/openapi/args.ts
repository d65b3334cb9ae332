// Parses `npm run openapi -- <file> [--tag T]… [--operation id]… [--dry-run] [--include-secrets]`.
export const USAGE = 'usage: npm run openapi -- <file.yaml|file.json|file://…> [--tag T]… [--operation operationId]… [--dry-run] [--include-secrets]';

export interface OpenApiArgs {
  source: string;
  tags: string[];
  operations: string[];
  dryRun: boolean;
  /** Generate operations that take a password or another secret as input. */
  includeSecrets: boolean;
}

/** The arguments, or a message saying what is wrong. */
export function parseOpenApiArgs(argv: readonly string[]): OpenApiArgs | string {
  const sources: string[] = [];
  const parsed: Omit<OpenApiArgs, 'source'> = { tags: [], operations: [], dryRun: false, includeSecrets: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--dry-run') {
      parsed.dryRun = true;
    } else if (arg === '--include-secrets') {
      parsed.includeSecrets = true;
    } else if (arg === '--tag' || arg === '--operation') {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) return `${arg} needs a value`;
      // `--operation a b` and `--operation a --operation b` both work.
      const values = [value];
      while (arg === '--operation' && argv[i + 2] !== undefined && !argv[i + 2]?.startsWith('--')) values.push(argv[(i += 1) + 1] ?? '');
      (arg === '--tag' ? parsed.tags : parsed.operations).push(...values);
      i += 1;
    } else if (arg.startsWith('--')) {
      return `unknown option ${arg}`;
    } else {
      sources.push(arg);
    }
  }
  if (sources.length !== 1) return sources.length === 0 ? 'give the OpenAPI file' : `one file only (got ${sources.join(' ')})`;
  return { source: sources[0] ?? '', ...parsed };
}
