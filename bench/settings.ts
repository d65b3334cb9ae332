// The bench's command line: which phases run, quick (CI smoke) or full, and the few knobs worth turning.
// Each phase picks its own round lengths from `quick`; `--duration` stretches the SSE comparison's rounds.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

export const ROOT = resolve(__dirname, '..', '..');

export interface Settings {
  readonly quick: boolean;
  /** Phase names in the order they run. */
  readonly phases: readonly string[];
  /** Script run as "ours"; "baseline" puts each lane's baseline in the ours slot (a check of the bench). */
  readonly ours: string;
  /** A previous build's entry script, measured beside ours by the `compare` and `mcp` phases (--before). */
  readonly before: string | undefined;
  /** Redis for the scale phase's routed calls ("none" skips them). */
  readonly redisUrl: string;
  /** Concurrent round length of the SSE comparison. */
  readonly concurrentMs: number;
  /** A B B A passes in the SSE and /mcp comparisons (--repeat; 2 by default, 1 in a quick run). */
  readonly passes: number;
  /** Idle-stream counts for the memory check. */
  readonly idleCounts: readonly number[];
  /** No answer within this is a timeout error. */
  readonly timeoutMs: number;
  /** UPSTREAM_CONNECTIONS for ours, when given (to compare pool sizes); else ours runs with its default. */
  readonly upstreamConnections: string | undefined;
  /** How late the slow-upstream phase's API answers. */
  readonly slowDelayMs: number;
  /** Node flags for ours and the limit (--node-flags), e.g. a V8 setting under study. */
  readonly nodeFlags: readonly string[];
  readonly out: string;
}

export function usage(phases: readonly string[], optional: readonly string[] = []): string {
  return `Usage: npm run bench -- [options]
  --quick              smoke mode: every phase with very short rounds (about 15 s; for CI)
  --phases <a,b>       phases to run, in this order (default: ${phases.join(',')}${optional.length > 0 ? `; also: ${optional.join(',')}` : ''})
  --before <file>      a previous build's dist/src/index.js, measured beside ours by the compare phase
                       (HTTP+SSE) and the mcp phase (both eras)
  --redis <url|none>   Redis for the scale phase's routed calls (default redis://127.0.0.1:6379)
  --ours <file|baseline>
                       script run as "ours" (default dist/src/index.js); "baseline" runs each lane's
                       SDK baseline in the ours slot too, to check the bench itself
  --duration <s>       concurrent round length of the SSE comparison (default 4; quick 0.3)
  --repeat <n>         A B B A passes in the SSE and /mcp comparisons (default 2; quick 1)
  --idle <n,n>         idle-stream counts for the memory check (default 1000,5000; quick 200)
  --upstream-connections <n>
                       UPSTREAM_CONNECTIONS for ours (default: ours's own default)
  --slow-delay <ms>    how late the API answers in the slow phase (default 50)
  --node-flags=<flags> node flags for ours and the limit alike, e.g. --node-flags=--max-semi-space-size=64
  --out <file>         where to write the JSON (default bench/results/latest.json; quick: quick.json)
  --help               this text`;
}

/**
 * Parses argv; throws with the usage text on a bad value. `phases` are run by default, in that order;
 * `optional` ones only when named.
 */
export function parseSettings(argv: string[], phases: readonly string[], optional: readonly string[] = []): Settings | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      phases: { type: 'string' },
      ours: { type: 'string' },
      before: { type: 'string' },
      redis: { type: 'string' },
      duration: { type: 'string' },
      repeat: { type: 'string' },
      idle: { type: 'string' },
      'upstream-connections': { type: 'string' },
      'slow-delay': { type: 'string' },
      'node-flags': { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return 'help';
  const quick = values.quick === true;
  const chosen = values.phases === undefined ? [...phases] : values.phases.split(',').map((p) => p.trim());
  const unknown = chosen.filter((p) => !phases.includes(p) && !optional.includes(p));
  const concurrentMs = values.duration === undefined ? (quick ? 300 : 4000) : Number(values.duration) * 1000;
  const passes = Number(values.repeat ?? (quick ? 1 : 2));
  const idleCounts = (values.idle ?? (quick ? '200' : '1000,5000')).split(',').map(Number);
  const connections = values['upstream-connections'];
  const slowDelayMs = Number(values['slow-delay'] ?? 50);
  if (
    unknown.length > 0 ||
    chosen.length === 0 ||
    !(concurrentMs > 0) ||
    !(Number.isInteger(passes) && passes >= 1 && passes <= 10) ||
    idleCounts.some((n) => !Number.isInteger(n) || n <= 0 || n > 15_000) ||
    (connections !== undefined && !/^\d+$/.test(connections)) ||
    !(Number.isInteger(slowDelayMs) && slowDelayMs > 0)
  ) {
    const why = unknown.length > 0 ? `unknown phase(s): ${unknown.join(', ')}` : 'bad --phases, --duration, --repeat, --idle, --upstream-connections or --slow-delay';
    throw new Error(`${why}\n${usage(phases, optional)}`);
  }
  return {
    quick,
    phases: chosen,
    ours: values.ours === undefined ? join(ROOT, 'dist', 'src', 'index.js') : values.ours === 'baseline' ? 'baseline' : resolve(values.ours),
    before: values.before === undefined ? undefined : resolve(values.before),
    redisUrl: values.redis ?? 'redis://127.0.0.1:6379',
    concurrentMs,
    passes,
    idleCounts,
    timeoutMs: quick ? 5000 : 10_000,
    upstreamConnections: connections,
    slowDelayMs,
    nodeFlags: (values['node-flags'] ?? '').split(' ').filter((flag) => flag !== ''),
    out: resolve(values.out ?? join(ROOT, 'bench', 'results', quick ? 'quick.json' : 'latest.json')),
  };
}
