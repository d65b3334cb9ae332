// A string that matches a JSON Schema `pattern`, for the generated test's arguments. Covers
// what API documents use (literals, classes, \d \w \s, groups, alternatives, quantifiers); the caller
// checks the result against the real RegExp and falls back when a pattern is beyond this.

/** One character a class `[...]` accepts: the first of its first item (a range's start), or one it does not exclude. */
function fromClass(body: string): string {
  if (body.startsWith('^')) {
    const excluded = new RegExp(`[${body.slice(1)}]`, 'u');
    return ['a', 'A', '0', 'x', '_', '-', '.'].find((char) => !excluded.test(char)) ?? 'a';
  }
  if (body.startsWith('\\')) return escape(body[1] ?? 'a');
  return body[0] ?? 'a';
}

function escape(char: string): string {
  return ({ d: '1', w: 'a', s: ' ', D: 'a', W: '-', S: 'a' } as Record<string, string>)[char] ?? char;
}

/** The end (exclusive) of the group or class that opens at `start`. */
function closing(pattern: string, start: number): number {
  const [open, close] = pattern[start] === '[' ? ['[', ']'] : ['(', ')'];
  let depth = 0;
  for (let i = start; i < pattern.length; i += 1) {
    if (pattern[i] === '\\') i += 1;
    else if (pattern[i] === open && (open === '(' || depth === 0)) depth += 1;
    else if (pattern[i] === close && (depth -= 1) === 0) return i + 1;
  }
  return pattern.length;
}

/** The first top-level alternative of `pattern`. */
function firstAlternative(pattern: string): string {
  for (let i = 0; i < pattern.length; i += 1) {
    if (pattern[i] === '\\') i += 1;
    else if (pattern[i] === '(' || pattern[i] === '[') i = closing(pattern, i) - 1;
    else if (pattern[i] === '|') return pattern.slice(0, i);
  }
  return pattern;
}

export function stringForPattern(pattern: string, depth = 0): string {
  if (depth > 8) return '';
  const source = firstAlternative(pattern);
  let out = '';
  for (let i = 0; i < source.length; ) {
    const char = source[i] ?? '';
    let atom: string;
    if (char === '^' || char === '$') {
      i += 1;
      continue;
    } else if (char === '\\') {
      const next = source[i + 1] ?? '';
      atom = next === 'b' || next === 'B' ? '' : escape(next);
      i += 2;
    } else if (char === '[') {
      const end = closing(source, i);
      atom = fromClass(source.slice(i + 1, end - 1));
      i = end;
    } else if (char === '(') {
      const end = closing(source, i);
      atom = stringForPattern(source.slice(i + 1, end - 1).replace(/^\?(?:[:=!]|<[=!]|<\w+>)/, ''), depth + 1);
      i = end;
    } else {
      atom = char === '.' ? 'a' : char;
      i += 1;
    }
    const quantifier = /^(?:([*+?])|\{(\d+)(?:,(\d*))?\})\??/.exec(source.slice(i));
    let times = 1;
    if (quantifier) {
      i += quantifier[0].length;
      if (quantifier[2] !== undefined) {
        // {n}, {n,} and {n,m}: n times, or once when n is 0 and once is allowed.
        const min = Number(quantifier[2]);
        const max = quantifier[3] === undefined ? min : quantifier[3] === '' ? Infinity : Number(quantifier[3]);
        times = min > 0 ? min : Math.min(1, max);
      }
    }
    out += atom.repeat(times);
  }
  return out;
}
