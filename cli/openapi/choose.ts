// Which operations `npm run openapi` generates: by tag, by operationId (or tool name), by path pattern;
// all of them when none is given. An unknown id is answered with the closest ones.

export interface Selection {
  tags: string[];
  operations: string[];
  /** Path patterns: `*` stands for any characters; without one, a path and everything under it (`/v1/customers`). */
  paths?: string[];
}

interface Choosable {
  operationId: string | undefined;
  toolName: string;
  path: string;
  tags: string[];
}

export function pathMatcher(pattern: string): (path: string) => boolean {
  if (pattern.includes('*')) {
    const source = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
    const regex = new RegExp(`^${source}$`);
    return (path) => regex.test(path);
  }
  const prefix = pattern.replace(/\/+$/, '');
  return (path) => path === prefix || path.startsWith(`${prefix}/`) || (prefix === '' && path.startsWith('/'));
}

/** Levenshtein distance, without case. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let row = Array.from({ length: y.length + 1 }, (_, i) => i);
  for (let i = 1; i <= x.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= y.length; j += 1) next[j] = Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + (x[i - 1] === y[j - 1] ? 0 : 1));
    row = next;
  }
  return row[y.length] ?? 0;
}

/** The few ids nearest to `id`: containing it first, then by edit distance. */
export function closest(id: string, operations: readonly Choosable[], count = 5): string[] {
  const ids = [...new Set(operations.map((op) => op.operationId ?? op.toolName))];
  const lower = id.toLowerCase();
  return ids
    .map((candidate) => ({ candidate, score: candidate.toLowerCase().includes(lower) || lower.includes(candidate.toLowerCase()) ? -1 : distance(id, candidate) }))
    .sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate))
    .slice(0, count)
    .map(({ candidate }) => candidate);
}

/** Operations with any of the tags, any of the ids, or a path matching any pattern; all when none is given. */
export function select<Op extends Choosable>(operations: Op[], { tags, operations: ids, paths = [] }: Selection): Op[] {
  const unknown = ids.filter((id) => !operations.some((op) => op.operationId === id || op.toolName === id));
  if (unknown.length > 0) {
    const hints = unknown.map((id) => `${id} (closest: ${closest(id, operations).join(', ')})`);
    throw new RangeError(`no operation ${hints.join('; ')} in the document`);
  }
  const lowerTags = tags.map((tag) => tag.toLowerCase());
  const missingTags = lowerTags.filter((tag) => !operations.some((op) => op.tags.some((t) => t.toLowerCase() === tag)));
  if (missingTags.length > 0) throw new RangeError(`no operation has the tag ${missingTags.join(', ')}`);
  const matchers = paths.map((pattern) => ({ pattern, matches: pathMatcher(pattern) }));
  const unmatched = matchers.filter(({ matches }) => !operations.some((op) => matches(op.path)));
  if (unmatched.length > 0) throw new RangeError(`no operation's path matches ${unmatched.map(({ pattern }) => pattern).join(', ')}`);
  if (tags.length === 0 && ids.length === 0 && paths.length === 0) return operations;
  return operations.filter(
    (op) =>
      op.tags.some((tag) => lowerTags.includes(tag.toLowerCase())) ||
      ids.includes(op.operationId ?? '') ||
      ids.includes(op.toolName) ||
      matchers.some(({ matches }) => matches(op.path)),
  );
}
