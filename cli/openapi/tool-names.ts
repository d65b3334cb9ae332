// Tool names a host accepts once it has prefixed them: Claude Code lists `mcp__<server>__<tool>`, opencode
// `<server>_<tool>`, against a 64-character cap of the model providers. A generated name keeps within
// `--max-name` (default 44, room for a 20-character prefix) and is cut between words, never inside one.
import { toToolName } from '../scaffold/names';

/** 64 minus `mcp__<server>__` with a server name of up to 13 characters. */
export const DEFAULT_NAME_CAP = 44;

/** Words a long name can lose first: version segments (`v3`, `2010_04_01`) carry nothing a model needs. */
const VERSION = /^(v\d+|\d+)$/;

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
 * `name` (snake case) within `cap` characters: version words dropped, then a word said twice said once,
 * then cut at the last whole word that fits. `get_files_v3_files_import_from_url_async_tasks_task_id_status`
 * becomes `get_files_import_from_url_async_tasks_task_id` at 44.
 */
export function shortName(name: string, cap = DEFAULT_NAME_CAP): string {
  if (name.length <= cap) return name;
  let words = name.split('_').filter(Boolean);
  const unversioned = words.filter((word, i) => i === 0 || !VERSION.test(word));
  words = unversioned;
  if (words.join('_').length > cap) words = words.filter((word, i) => words.indexOf(word) === i);
  return wordsWithin(words, cap);
}

/** `name`, or `name_2`, `name_3`, … within `cap` characters, cut between words: unique among `taken`. */
export function uniqueName(name: string, taken: ReadonlySet<string>, cap = 64): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${wordsWithin(name.split('_'), cap - `_${n}`.length)}_${n}`;
  return candidate;
}

/** The tool name of an operation: its operationId (or method and path) in snake case, prefixed, within the cap. */
export function operationToolName(source: string, { prefix = '', cap = DEFAULT_NAME_CAP }: { prefix?: string; cap?: number } = {}): string {
  const base = toToolName(source);
  const lead = prefix === '' ? '' : `${toToolName(prefix)}_`;
  return `${lead}${shortName(base.startsWith(lead) && lead !== '' ? base.slice(lead.length) : base, cap - lead.length)}`;
}
