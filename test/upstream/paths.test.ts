// buildPath (src/upstream/paths.ts): a value made only of characters encodeURIComponent leaves alone skips
// the call; every value must come out as encodeURIComponent would write it.
import { buildPath } from '../../src/upstream/paths';

describe('buildPath encodes each parameter as encodeURIComponent does', () => {
  it.each([
    'ord_1001',
    'A-Z.a~z_0-9',
    '...x',
    'a b',
    'a/b',
    'a?b#c',
    '%2e',
    'ü',
    '😀',
    "it's(*)!",
    'x'.repeat(500),
  ])('%s', (value) => {
    expect(buildPath('/orders/:id/lines', { id: value })).toBe(`/orders/${encodeURIComponent(value)}/lines`);
  });

  it('numbers are written as text', () => {
    expect(buildPath('/orders/:id', { id: 1001 })).toBe('/orders/1001');
  });
});
