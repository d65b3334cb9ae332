// How find_operations ranks: a full-text index (minisearch: BM25 over weighted fields, prefix and fuzzy
// matching) of every operation, built once at startup, and the person's words widened to the words APIs use.
// minisearch is loaded here, on the first index, so a server not in dynamic mode never loads it.
import type MiniSearch from 'minisearch';
import type { SearchOptions } from 'minisearch';
import { toolsetOf } from './toolsets';
import type { Tool } from './tool-types';
import { detailOf, summaryOf } from './operation-text';
import { ALTERNATIVES, kindOf, nameTerms, READ, stem, term, wordsOf, type Kind } from './search-words';

/**
 * How much a word counts by where it is. The name (an operationId or method and path, in words) and the
 * summary say what the operation does; the toolset (its tag or first path segment) and inputs (path
 * parameters name the path's nouns) what it acts on; the rest of the description mentions much else.
 * Every tool is read by the same fields, so a hand-written tool with a long description does not win on
 * description words over an operation whose name says it.
 */
const BOOST = { name: 3, summary: 2, toolset: 1.5, inputs: 0.5, detail: 0.4 } as const;
type Field = keyof typeof BOOST;

/** What an alternative counts beside the word the person typed: an API that says the word itself wins. */
const ALTERNATIVE = 0.5;

/** `words` without a second word of the same stem. */
function onceEach(words: readonly string[]): string[] {
  const seen = new Set<string>();
  return words.filter((word) => !seen.has(stem(word)) && Boolean(seen.add(stem(word))));
}

/** The query's words (stemmed, no stop words), each with the words an API may say instead. */
function expand(query: string): Array<{ own: string; alternatives: readonly string[] }> {
  const words = [...new Set(wordsOf(query).map(term).filter((word): word is string => word !== null))];
  return words.map((own) => ({ own, alternatives: (ALTERNATIVES.get(own) ?? []).filter((word) => word !== own) }));
}

/** Whether a tool does the kind of action a query asks for, by its hints (from its HTTP method) or its name. */
function ofKind(kind: Kind): (tool: Tool) => boolean {
  const hints = (tool: Tool) => tool.descriptor.annotations ?? {};
  // A search is often a POST (a filter in the body): a read by its name counts as one.
  if (kind === 'read') return (tool) => hints(tool).readOnlyHint === true || wordsOf(tool.name).some((word) => READ.includes(word));
  if (kind === 'delete') return (tool) => hints(tool).destructiveHint === true;
  return (tool) => hints(tool).readOnlyHint !== true;
}

/** A tool whose kind of action is the one asked for counts this much more. */
const INTENT = 1.3;

export interface OperationSearch {
  /** The tools matching `query`, best first. */
  search(query: string): Tool[];
}

/** The index over `tools`, built now (once, at startup). */
export function operationSearch(tools: readonly Tool[]): OperationSearch {
  // Loaded here, not at the top, so only dynamic mode loads it; its CommonJS build exports the class itself.
  const loaded = require('minisearch') as typeof MiniSearch | { default: typeof MiniSearch }; // eslint-disable-line @typescript-eslint/no-require-imports
  const Index = 'default' in loaded ? loaded.default : loaded;
  type Entry = Record<Field, string> & { id: number };
  const entries: Entry[] = tools.map((tool, id) => ({
    id,
    name: tool.name,
    summary: summaryOf(tool.descriptor.description),
    toolset: toolsetOf(tool) ?? '',
    inputs: Object.keys((tool.descriptor.inputSchema.properties as Record<string, unknown> | undefined) ?? {}).join(' '),
    detail: detailOf(tool.descriptor.description),
  }));
  const index = new Index<Entry>({
    fields: Object.keys(BOOST),
    // A word twice in a name is a path's parameter after its collection (`post_customers_customer`), not more of a match.
    tokenize: (text, field) => (field === 'name' ? onceEach(wordsOf(text)) : wordsOf(text)),
    processTerm: (word, field) => (field === 'name' ? nameTerms(word) : term(word)),
  });
  index.addAll(entries);

  const options: SearchOptions = {
    boost: BOOST,
    // A term is already a word of the index's own making: minisearch's tokenizer and processTerm are not run again.
    tokenize: (text) => [text],
    processTerm: (word) => word,
    prefix: (word) => word.length >= 4,
    fuzzy: (word) => (word.length >= 6 ? 0.2 : false),
  };
  /** Each tool's score for one term (prefix and fuzzy matches included), cached for the query's other words. */
  const scoresOf = (word: string, cache: Map<string, Map<number, number>>) => {
    let scores = cache.get(word);
    if (!scores) cache.set(word, (scores = new Map(index.search(word, options).map((result) => [result.id as number, result.score]))));
    return scores;
  };

  return {
    search(query) {
      const cache = new Map<string, Map<number, number>>();
      const total = new Map<number, number>();
      // Each word the person typed counts once, by its best form in the tool: its own, or an alternative at a
      // discount (a tool that says "get" and "list" and "search" is not three times a match for "find").
      for (const { own, alternatives } of expand(query)) {
        const best = new Map(scoresOf(own, cache));
        for (const alternative of alternatives) {
          for (const [id, score] of scoresOf(alternative, cache)) best.set(id, Math.max(best.get(id) ?? 0, score * ALTERNATIVE));
        }
        for (const [id, score] of best) total.set(id, (total.get(id) ?? 0) + score);
      }
      const kind = kindOf(query);
      const intent = kind === undefined ? undefined : ofKind(kind);
      return [...total]
        .map(([id, score]) => ({ tool: tools[id]!, score: intent?.(tools[id]!) ? score * INTENT : score }))
        .sort((a, b) => b.score - a.score || a.tool.name.localeCompare(b.tool.name))
        .map((entry) => entry.tool);
    },
  };
}
