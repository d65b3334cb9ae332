// Tool names a host accepts once it has prefixed them: Claude Code lists `mcp__<server>__<tool>`, opencode
// `<server>_<tool>`, against a 64-character cap of the model providers. A generated name keeps within
// `--max-name` (default 44, room for a 20-character prefix) and is cut between words, never inside one.
import { toToolName } from '../scaffold/names';

/** 64 minus `mcp__<server>__` with a server name of up to 13 characters. */
export const DEFAULT_NAME_CAP = 44;

/** Words a long name can lose first: version segments (`v3`, `2010_04_01`) carry nothing a model needs. */
const VERSION = /^(v\d+|\d+)$/;

/** Words that say where an API lives or how it answers, not what an operation does (`/crm/v3/…`, `…/async/…`, `doSearch`). */
const GENERIC = new Set(['api', 'rest', 'crm', 'async', 'do']);

/** Whole words of `name`, joined by "_", within `cap` characters (at least the first word, cut to fit). */
function wordsWithin(words: readonly string[], cap: number): string {
  let out = '';
  for (const word of words) {
    const next = out === '' ? word : `${out}_${word}`;
    if (next.length > cap) break;
    out = next;
  }
  return out === '' ? (words[0] ?? '').slice(0, cap) : out;
}

/**
 * The first word, the words in `keep` (their last occurrence) and as many of the last words as fit: the tail
 * is what the operation does (`…_status_check_import`); a kept word tells the operation from a near-duplicate.
 */
function headAndTail(words: readonly string[], cap: number, keep: ReadonlySet<string>): string {
  const kept = [...keep].map((word) => words.lastIndexOf(word)).filter((at) => at > 0);
  const sizeOf = (at: readonly number[]) => at.reduce((total, i) => total + words[i]!.length + 1, words[0]!.length);
  // Kept words that do not fit all go from the earliest: the later ones are nearer what the operation does.
  kept.sort((a, b) => a - b);
  while (kept.length > 0 && sizeOf(kept) > cap) kept.shift();
  const chosen = new Set([0, ...kept]);
  let size = sizeOf(kept);
  if (size > cap) return wordsWithin(words, cap);
  for (let at = words.length - 1; at > 0; at -= 1) {
    if (chosen.has(at)) continue;
    if (size + words[at]!.length + 1 > cap) break;
    chosen.add(at);
    size += words[at]!.length + 1;
  }
  return chosen.size === 1 ? wordsWithin(words, cap) : words.filter((_, at) => chosen.has(at)).join('_');
}

/** `words` without the first occurrence of each of `drop` after the first word. */
function withoutWords(words: readonly string[], drop: readonly string[]): string[] {
  const out = [...words];
  for (const word of drop) {
    const at = out.indexOf(word, 1);
    if (at !== -1) out.splice(at, 1);
  }
  return out;
}

/**
 * `name` (snake case) within `cap` characters. What goes first, each only while the name is too long:
 * version words, generic words (`crm`, `api`, `async`, …), the earlier of a word said twice (the later one
 * is nearer the operation's own words; the first word stays, and its repeat goes), the words of `inputs`
 * (path parameters: the input schema names them), then words from the middle: the first word (the method or
 * verb) and the tail are kept.
 * `get_files_v3_files_import_from_url_async_tasks_task_id_status_check_import` (HubSpot's
 * `get-/files/v3/files/import-from-url/async/tasks/{taskId}/status_checkImport`) becomes
 * `get_files_from_url_tasks_status_check_import` at 44.
 */
export function shortName(name: string, cap = DEFAULT_NAME_CAP, inputs: readonly string[] = [], keep: ReadonlySet<string> = new Set()): string {
  if (name.length <= cap) return name;
  let words = name.split('_').filter(Boolean);
  const fits = () => words.join('_').length <= cap;
  // A word in `keep` goes only where it is said again later (the later one stays).
  const steps: Array<() => string[]> = [
    () => words.filter((word, i) => i === 0 || keep.has(word) || !VERSION.test(word)),
    () => words.filter((word, i) => i === 0 || keep.has(word) || !GENERIC.has(word)),
    () => words.filter((word, i) => i === 0 || (word !== words[0] && words.indexOf(word, i + 1) === -1)),
    () => withoutWords(words, inputs.filter((word) => !keep.has(word))),
  ];
  for (const step of steps) {
    if (fits()) break;
    words = step();
  }
  return fits() ? words.join('_') : headAndTail(words, cap, keep);
}

/** `name`, or `name_2`, `name_3`, … within `cap` characters, cut between words: unique among `taken`. */
export function uniqueName(name: string, taken: ReadonlySet<string>, cap = 64): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${wordsWithin(name.split('_'), cap - `_${n}`.length)}_${n}`;
  return candidate;
}

/**
 * `text` in snake case by toToolName's rule (cli/scaffold/names.ts) without its stop at 64 characters,
 * which falls inside a word (`…_status_ch`) before shortName can choose which words go.
 */
function wholeSnake(text: string): string {
  const snake = text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return /^[a-z]/.test(snake) ? snake : `op_${snake}`;
}

export interface NameOptions {
  prefix?: string;
  cap?: number;
  /** Words the name keeps whatever else it loses: what tells it from a near-duplicate (./distinct-names). */
  keep?: ReadonlySet<string>;
}

/** The tool name of an operation: its operationId (or method and path) in snake case, prefixed, within the cap. */
export function operationToolName(source: string, { prefix = '', cap = DEFAULT_NAME_CAP, keep }: NameOptions = {}): string {
  const base = operationWords(source).join('_');
  const lead = prefix === '' ? '' : `${toToolName(prefix)}_`;
  // Path parameters written into an operationId (HubSpot's `…/{taskId}/status_checkImport`): inputs, not what it does.
  const inputs = [...source.matchAll(/\{([^}]+)\}/g)].flatMap((match) => toToolName(match[1]!).split('_'));
  return `${lead}${shortName(base.startsWith(lead) && lead !== '' ? base.slice(lead.length) : base, cap - lead.length, inputs, keep)}`;
}

/** The words of an operation's name before any is dropped (`getUserByID` → get, user, by, id). */
export const operationWords = (source: string): string[] => wholeSnake(source).split('_');
