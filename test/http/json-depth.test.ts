// The depth check every JSON body passes before JSON.parse: its quick count of brackets (indexOf) must
// decide exactly as the full scan does, whichever of the two answers.
import { nestsDeeperThan } from '../../src/http/json-body';

/** The depth by a plain reading of the JSON grammar: the reference the check is held to. */
function depthOf(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') deepest = Math.max(deepest, ++depth);
    else if (c === '}' || c === ']') depth--;
  }
  return deepest;
}

const nested = (n: number, open = '[', close = ']') => open.repeat(n) + close.repeat(n);

describe('nestsDeeperThan', () => {
  const cases: string[] = [
    nested(64),
    nested(65),
    nested(33, '{"a":', '}') + nested(32),
    `{"a":${nested(63)}}`,
    `{"a":${nested(64)}}`,
    // Brackets in strings: over the quick count's limit, so the full scan decides (they do not nest).
    JSON.stringify({ text: '['.repeat(100) + '{'.repeat(100) }),
    JSON.stringify({ text: 'a\\"[[[', more: '['.repeat(70) }),
    // Many siblings: brackets over the limit in all, depth 2.
    JSON.stringify(Array.from({ length: 100 }, (_, i) => [i])),
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_order', arguments: { orderId: '1' } } }),
    '',
    '"just a string"',
  ];

  it.each(cases.map((text) => [text.length > 60 ? `${text.slice(0, 57)}…` : text, text]))('decides %s as a full reading does', (_name, text) => {
    expect(nestsDeeperThan(text, 64)).toBe(depthOf(text) > 64);
  });
});
