// Parses `npm run openapi -- <file> [--tag T…]… [--operation id…]… [--path pattern…]… [--prefix P] [--base-path [/p]] [--max-name N] [--update] [--max-tool-kb N] [--dry-run] [--include-secrets] [--skip-validation]`, or `--survey <folder> [--sample N]`.
export const USAGE = [
  'usage: npm run openapi -- <file.yaml|file.json|file://…> [options]',
  '  --tag T…            operations with any of these tags (several values, or the option repeated)',
  '  --operation id…     operations with these operationIds or tool names',
  '  --path pattern…     operations whose path matches: /v1/customers (it and below) or /v1/*/search (* = anything)',
  '  --prefix P          start every tool name with P_ (two documents in one fork: --prefix jira, --prefix box)',
  '  --base-path [/p]    put the document\'s server path (or /p) before every generated path; CUSTOMER_API_URL is then the origin',
  '  --max-name N        longest tool name, prefix included (default 44: room for a host\'s mcp__<server>__ within 64)',
  '  --update            regenerate tools generated before, keeping what is between openapi:fork-begin and openapi:fork-end',
  '  --max-tool-kb N     size budget of each tool\'s tools/list entry, pruned to fit (default 16)',
  '  --dry-run           say what would be written, write nothing',
  '  --include-secrets   generate operations that require a secret as input, and keep optional secrets as inputs',
  '  --skip-validation   import past the validator: operations the specification\'s schema refuses are generated as they are',
  '  --survey <folder>   dry-run every document under the folder and report refusals, the share generated, skip reasons',
  '  --sample N          with --survey: N documents, every k-th of the sorted list',
  '  --shard i/n         with --survey: every n-th of those documents from the i-th (0-based), to share a survey between processes',
  '  --help              this text',
  'With no --tag, --operation or --path, every operation is generated.',
].join('\n');

export interface OpenApiArgs {
  source: string;
  tags: string[];
  operations: string[];
  paths: string[];
  dryRun: boolean;
  /** Generate operations that take a password or another secret as input. */
  includeSecrets: boolean;
  update: boolean;
  maxToolKb: number;
  /** Before every tool name, with "_". */
  prefix?: string;
  /** 'document': the document's server path; else the path given. */
  basePath?: string;
  maxName: number;
  /** Read past the validator's errors instead of leaving the operations they touch out. */
  skipValidation: boolean;
  /** A folder to survey instead of one document to import. */
  survey?: string;
  /** With survey: how many documents. */
  sample?: number;
  /** With survey: this process's share of the documents. */
  shard?: { index: number; count: number };
}

/** `--help` or `-h` anywhere: print the usage and do nothing else. */
export const wantsHelp = (argv: readonly string[]): boolean => argv.some((arg) => arg === '--help' || arg === '-h');

const DOCUMENT = /(\.(json|ya?ml)$|^file:)/i;

const LISTS = { '--tag': 'tags', '--operation': 'operations', '--path': 'paths' } as const;

/** The arguments, or a message saying what is wrong. */
export function parseOpenApiArgs(argv: readonly string[]): OpenApiArgs | string {
  const sources: string[] = [];
  const parsed: Omit<OpenApiArgs, 'source'> = { tags: [], operations: [], paths: [], dryRun: false, includeSecrets: false, update: false, maxToolKb: 16, maxName: 44, skipValidation: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--dry-run') {
      parsed.dryRun = true;
    } else if (arg === '--include-secrets') {
      parsed.includeSecrets = true;
    } else if (arg === '--skip-validation') {
      parsed.skipValidation = true;
    } else if (arg === '--survey') {
      const folder = argv[i + 1];
      if (folder === undefined || folder.startsWith('--')) return '--survey needs a folder of OpenAPI documents';
      parsed.survey = folder;
      i += 1;
    } else if (arg === '--sample') {
      const n = Number(argv[i + 1]);
      if (!Number.isInteger(n) || n < 1) return '--sample needs a whole number of documents (1 or more)';
      parsed.sample = n;
      i += 1;
    } else if (arg === '--shard') {
      const [, index, count] = /^(\d+)\/(\d+)$/.exec(argv[i + 1] ?? '') ?? [];
      if (index === undefined || count === undefined || Number(index) >= Number(count)) return '--shard needs i/n with i below n (e.g. 0/3)';
      parsed.shard = { index: Number(index), count: Number(count) };
      i += 1;
    } else if (arg === '--update') {
      parsed.update = true;
    } else if (arg === '--max-tool-kb') {
      const kb = Number(argv[i + 1]);
      if (!Number.isFinite(kb) || kb < 1) return '--max-tool-kb needs a number of KB (1 or more)';
      parsed.maxToolKb = kb;
      i += 1;
    } else if (arg === '--max-name') {
      const cap = Number(argv[i + 1]);
      if (!Number.isInteger(cap) || cap < 16 || cap > 64) return '--max-name needs a whole number from 16 to 64';
      parsed.maxName = cap;
      i += 1;
    } else if (arg === '--prefix') {
      const prefix = argv[i + 1] ?? '';
      if (!/^[a-z][a-z0-9_]{0,15}$/i.test(prefix)) return '--prefix needs a word of up to 16 letters, digits or "_", starting with a letter (e.g. jira)';
      parsed.prefix = prefix.toLowerCase();
      i += 1;
    } else if (arg === '--base-path') {
      const next = argv[i + 1];
      if (next !== undefined && next.startsWith('/')) {
        parsed.basePath = next.replace(/\/+$/, '');
        i += 1;
      } else {
        parsed.basePath = 'document';
      }
    } else if (Object.hasOwn(LISTS, arg)) {
      // `--tag a b` and `--tag a --tag b` alike: every value up to the next option.
      const values: string[] = [];
      // A document named after the values (`--tag issues api.json`) is the document, not a value.
      const isValue = (next: string | undefined) => next !== undefined && !next.startsWith('--') && !(sources.length === 0 && DOCUMENT.test(next));
      while (isValue(argv[i + 1])) values.push(argv[(i += 1)] ?? '');
      if (values.length === 0) return `${arg} needs a value`;
      parsed[LISTS[arg as keyof typeof LISTS]].push(...values);
    } else if (arg.startsWith('--')) {
      return `unknown option ${arg}`;
    } else {
      sources.push(arg);
    }
  }
  if ((parsed.sample !== undefined || parsed.shard !== undefined) && parsed.survey === undefined) return '--sample and --shard go with --survey <folder>';
  if (parsed.survey !== undefined) return sources.length === 0 ? { source: '', ...parsed } : `--survey reads a folder, not a file (got ${sources.join(' ')})`;
  if (sources.length !== 1) return sources.length === 0 ? 'give the OpenAPI file' : `one file only (got ${sources.join(' ')})`;
  return { source: sources[0] ?? '', ...parsed };
}
