// Tool names for a whole document: operations whose shortened names fall together keep the words that tell
// them apart (Trello's three `update_…_check_item` operations keep `name`, `pos`, `state`) instead of
// `_2` and `_3`, which tell a model nothing. A number is left only where no word of the operationId,
// method or path differs, or where the kept words do not fit the cap.
import { toToolName } from '../scaffold/names';
import { DEFAULT_NAME_CAP, operationToolName, operationWords, uniqueName } from './tool-names';

/** What an operation's name is made from: its operationId (or method and path), and its method and path. */
export interface NameSource {
  source: string;
  method: string;
  path: string;
}

/** A path's literal segments (not versions), and its parameters' names. */
function pathParts(path: string): { segments: string[]; parameters: string[] } {
  const parts = path.replace(/#.*$/, '').split('/').filter((part) => part !== '' && !/^(v\d+(\.\d+)?|[\d.-]+)$/i.test(part));
  return {
    segments: parts.filter((part) => !part.includes('{')),
    parameters: parts.flatMap((part) => [...part.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!)),
  };
}

/**
 * What sets `op` apart from `other` when their operationIds have the same words: the method, else the last
 * path segment the other lacks (Trello's `…/boardStars/{idBoardStar}/idBoard`), else a parameter's name.
 */
function differingWords(op: NameSource, other: NameSource): string[] {
  if (op.method !== other.method) return [op.method.toLowerCase()];
  const mine = pathParts(op.path);
  const theirs = pathParts(other.path);
  const segment = mine.segments.filter((part) => !theirs.segments.includes(part)).at(-1);
  const parameter = mine.parameters.find((part) => !theirs.parameters.includes(part));
  const words = segment ?? parameter;
  return words === undefined ? [] : toToolName(words).split('_');
}

/** Rounds of telling names apart before what is still shared is numbered: each round's new names may meet others. */
const MAX_ROUNDS = 6;

/** Words of `mine` that `theirs` lacks. */
const lacking = (mine: Iterable<string>, theirs: ReadonlySet<string>) => [...new Set(mine)].filter((word) => !theirs.has(word));

/**
 * The fewest words of `own` (the operationId's) that tell it from each of `others`, chosen greedily: the word
 * that sets it apart from the most others first; among equals a word that is not a path parameter's, then the
 * later one (nearer what the operation does). Against another with the very same words, differingWords are
 * kept and `added` (written after the name's own words).
 */
function distinguishing(op: NameSource, own: readonly string[], others: ReadonlyArray<{ op: NameSource; words: Set<string> }>) {
  const mine = new Set(own);
  const inputs = new Set(pathParts(op.path).parameters.flatMap((name) => toToolName(name).split('_')));
  const keep = new Set<string>();
  let open = others.filter((other) => lacking(mine, other.words).length > 0);
  const rank = (word: string) => [open.filter((other) => !other.words.has(word)).length, inputs.has(word) ? 0 : 1, own.lastIndexOf(word)];
  const better = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
  while (open.length > 0) {
    const best = [...mine].reduce((a, b) => (better(rank(b), rank(a)) > 0 ? b : a));
    keep.add(best);
    open = open.filter((other) => other.words.has(best));
  }
  const added: string[] = [];
  for (const other of others) {
    if (lacking(mine, other.words).length > 0 || lacking(other.words, mine).length > 0) continue; // told apart by their words
    for (const word of differingWords(op, other.op)) {
      if (added.includes(word)) continue;
      keep.add(word);
      added.push(word);
    }
  }
  return { keep, added };
}

/**
 * Every operation's tool name, in order, unique: first each name alone (operationToolName); where names fall
 * together, each keeps the words that tell it from the others (within the cap); a name still taken gets a number.
 */
export function toolNames(operations: readonly NameSource[], { prefix = '', cap = DEFAULT_NAME_CAP }: { prefix?: string; cap?: number } = {}): string[] {
  const alone = operations.map((op) => operationToolName(op.source, { prefix, cap }));
  const words = operations.map((op) => operationWords(op.source));
  /** Each operation's kept words, and those written after its own, grown in each round it shares a name. */
  const keeps = operations.map(() => new Set<string>());
  const added = operations.map((): string[] => []);
  // Operations that share a name keep what tells them apart; their new names may meet a third's: a few rounds settle it.
  let names = alone;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const holders = new Map<string, number[]>();
    names.forEach((name, at) => (holders.get(name) ?? holders.set(name, []).get(name)!).push(at));
    const shared = [...holders.values()].filter((group) => group.length > 1);
    let grown = false;
    for (const group of shared) {
      for (const at of group) {
        const others = group.filter((other) => other !== at).map((other) => ({ op: operations[other]!, words: new Set(words[other]) }));
        const more = distinguishing(operations[at]!, words[at]!, others);
        for (const word of more.keep) {
          if (keeps[at]!.has(word)) continue;
          keeps[at]!.add(word);
          grown = true;
        }
        for (const word of more.added) if (!added[at]!.includes(word)) added[at]!.push(word);
      }
    }
    if (!grown) break;
    names = names.map((name, at) => (keeps[at]!.size === 0 ? name : operationToolName([operations[at]!.source, ...added[at]!].join(' '), { prefix, cap, keep: keeps[at] })));
  }
  // What is still shared after the rounds gets a number, in the document's order.
  const taken = new Set<string>();
  return names.map((name) => {
    const unique = uniqueName(name, taken, cap);
    taken.add(unique);
    return unique;
  });
}
