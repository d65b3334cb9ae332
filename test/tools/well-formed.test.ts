import { illFormedField } from '../../src/tools/well-formed';

describe('illFormedField', () => {
  it('names the first field holding a lone surrogate, nested or not', () => {
    expect(illFormedField({ orderId: '10\uD800' })).toBe('orderId');
    expect(illFormedField({ lines: [{ sku: 'A' }, { sku: '\uDFFF' }] })).toBe('lines.1.sku');
    expect(illFormedField({ ['k\uD800']: 1 })).toBe('(a key)');
    expect(illFormedField({ a: { ['k\uD800']: 1 } })).toBe('a.(a key)');
    expect(illFormedField('\uD800')).toBe('(arguments)');
  });

  it('reads own keys only, holes in arrays as nothing, and stops at depth 32', () => {
    const inherited = Object.create({ bad: '\uD800' }) as Record<string, unknown>;
    inherited.good = 'ok';
    expect(illFormedField(inherited)).toBeUndefined();
    // eslint-disable-next-line no-sparse-arrays
    expect(illFormedField({ list: [, 'x', '\uDC00'] })).toBe('list.2');
    let deep: unknown = '\uD800';
    for (let i = 0; i < 32; i++) deep = { d: deep };
    expect(illFormedField(deep)).toBe(Array.from({ length: 32 }, () => 'd').join('.'));
    expect(illFormedField({ d: deep })).toBeUndefined();
  });

  it('passes valid text, surrogate pairs included, and non-strings', () => {
    expect(illFormedField({ note: 'emoji 😀 ok', n: 3, none: null, list: [true] })).toBeUndefined();
  });
});
