import { illFormedField } from '../../src/tools/well-formed';

describe('illFormedField', () => {
  it('names the first field holding a lone surrogate, nested or not', () => {
    expect(illFormedField({ orderId: '10\uD800' })).toBe('orderId');
    expect(illFormedField({ lines: [{ sku: 'A' }, { sku: '\uDFFF' }] })).toBe('lines.1.sku');
    expect(illFormedField({ ['k\uD800']: 1 })).toBe('(a key)');
  });

  it('passes valid text, surrogate pairs included, and non-strings', () => {
    expect(illFormedField({ note: 'emoji 😀 ok', n: 3, none: null, list: [true] })).toBeUndefined();
  });
});
