// How well dynamic mode's find_operations finds what a person asks for: each query of the set is sent to the
// find tool the server lists (its own handler, so the ranking measured is the one a model gets), and the rank
// of the best wanted operation is kept. Found: a wanted operation in the top 3.
import { dynamicTools } from '../../src/tools/dynamic';
import type { Tool } from '../../src/tools/define-tool';
import type { SearchQuery } from './queries';

export const TOP = 3;

export interface QueryOutcome {
  readonly query: string;
  /** 1-based rank of the first wanted operation; undefined when find_operations does not return one. */
  readonly rank: number | undefined;
  readonly wanted: readonly string[];
  /** What came first instead, for a miss. */
  readonly top: readonly string[];
}

export interface SearchOutcome {
  readonly queries: readonly QueryOutcome[];
  /** Share of queries with a wanted operation in the top 3, 0 to 1. */
  readonly found: number;
  readonly misses: readonly QueryOutcome[];
  /** Milliseconds to build dynamic mode's tools (the index, once at startup). */
  readonly buildMs: number;
  /** Median milliseconds of one find_operations call. */
  readonly medianFindMs: number;
}

type FindHandler = (input: { query: string; page: number }) => unknown;

/** Every operation find_operations returns for `query`, in its order, page after page. */
async function ranked(find: FindHandler, query: string): Promise<{ names: string[]; ms: number }> {
  const names: string[] = [];
  let ms = 0;
  for (let page: number | undefined = 1; page !== undefined; ) {
    const start = process.hrtime.bigint();
    const answer = JSON.parse(String(await find({ query, page }))) as { operations: Array<{ name: string }>; next_page?: number };
    if (page === 1) ms = Number(process.hrtime.bigint() - start) / 1e6;
    names.push(...answer.operations.map((operation) => operation.name));
    page = answer.next_page;
  }
  return { names, ms };
}

/** Ranks every query of `queries` over `tools`; `toolNames` maps a wanted operation to the tool it became. */
export async function measureSearch(tools: readonly Tool[], queries: readonly SearchQuery[], toolNames: ReadonlyMap<string, string>): Promise<SearchOutcome> {
  const start = process.hrtime.bigint();
  const { listed } = dynamicTools(tools);
  const buildMs = Number(process.hrtime.bigint() - start) / 1e6;
  const findTool = listed.find((tool) => tool.name === 'find_operations');
  if (!findTool) throw new Error('dynamic mode lists no find_operations');
  // The handler takes the arguments its zod input parsed; these are already in that shape.
  const find = findTool.handler as unknown as FindHandler;
  const outcomes: QueryOutcome[] = [];
  const times: number[] = [];
  for (const { query, wanted } of queries) {
    const names = wanted.map((key) => {
      const name = toolNames.get(key);
      if (name === undefined) throw new Error(`the query set wants ${key} for "${query}", which no served tool is (a path changed, or the importer skips it)`);
      return name;
    });
    const answer = await ranked(find, query);
    times.push(answer.ms);
    const index = answer.names.findIndex((name) => names.includes(name));
    outcomes.push({ query, rank: index < 0 ? undefined : index + 1, wanted: names, top: answer.names.slice(0, TOP) });
  }
  times.sort((a, b) => a - b);
  const misses = outcomes.filter((outcome) => outcome.rank === undefined || outcome.rank > TOP);
  return { queries: outcomes, found: (outcomes.length - misses.length) / outcomes.length, misses, buildMs, medianFindMs: times[Math.floor(times.length / 2)] ?? 0 };
}
