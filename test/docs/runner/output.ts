// Compares what a command printed with the output the docs show under it. In the docs' lines,
// `…` stands for any text (a line of its own: any number of lines), and a UUID for the one the command
// printed there, which later commands of the page then use in place of the docs' own (as a user copies
// a session id from the output above).
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One shown line as a pattern: `…` any text, a UUID any UUID (captured, with the docs' own value). */
function linePattern(shown: string): { pattern: RegExp; uuids: string[] } {
  const uuids = shown.match(UUID) ?? [];
  const source = shown
    .split(UUID)
    .map((part) => part.split('…').map(escape).join('.*?'))
    .join('([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})');
  return { pattern: new RegExp(`^${source}$`), uuids };
}

/**
 * Whether `printed` (lines, trailing spaces ignored) shows `shown`; on a match, the docs' UUIDs mapped to
 * the printed ones.
 */
export function matches(shown: readonly string[], printed: readonly string[]): Map<string, string> | undefined {
  const lines = printed.map((line) => line.trimEnd());
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  const walk = (s: number, p: number, found: Map<string, string>): Map<string, string> | undefined => {
    if (s === shown.length) return p === lines.length ? found : undefined;
    const line = shown[s]!.trimEnd();
    if (line === '…') {
      for (let skip = p; skip <= lines.length; skip += 1) {
        const rest = walk(s + 1, skip, found);
        if (rest) return rest;
      }
      return undefined;
    }
    if (p >= lines.length) return undefined;
    const { pattern, uuids } = linePattern(line);
    const match = pattern.exec(lines[p]!);
    if (!match) return undefined;
    const next = new Map(found);
    uuids.forEach((uuid, at) => next.set(uuid, match[at + 1]!));
    return walk(s + 1, p + 1, next);
  };
  return walk(0, 0, new Map());
}

/** `command` with the docs' UUIDs replaced by those printed in their place earlier on the page. */
export function withPrinted(command: string, printed: ReadonlyMap<string, string>): string {
  return command.replace(UUID, (uuid) => printed.get(uuid) ?? uuid);
}
