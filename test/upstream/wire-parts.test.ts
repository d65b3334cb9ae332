// The checks ctx.api applies to pre-serialized parts (src/upstream/wire-parts.ts): an encoded path
// value stays one segment, a query stays a query, extra headers never replace what the client owns.
import { InvalidUpstreamRequestError } from '../../src/upstream/errors';
import { buildPath } from '../../src/upstream/paths';
import { checkEncodedSegment, checkExtraHeaders, joinSearch } from '../../src/upstream/wire-parts';

describe('checkEncodedSegment', () => {
  it.each(['.blue', ';color=blue,black', 'R=100,G=200', 'a%2Fb', '1.json'])('accepts %s as one segment', (value) => {
    expect(checkEncodedSegment(value, 'id')).toBe(value);
  });

  it.each(['', '.', '..', '%2e%2E', 'a/b', 'a?b', 'a#b', 'a b', '%zz', 'é'])('refuses %j', (value) => {
    expect(() => checkEncodedSegment(value, 'id')).toThrow(InvalidUpstreamRequestError);
  });

  it('is what buildPath uses for encodedParams, before params', () => {
    expect(buildPath('/pets/:id/tags', { id: 'ignored' }, { id: ';id=5' })).toBe('/pets/;id=5/tags');
    expect(() => buildPath('/pets/:id', {}, { id: '../admin' })).toThrow(InvalidUpstreamRequestError);
  });
});

describe('joinSearch', () => {
  it('adds a serialized query after the built one', () => {
    expect(joinSearch('', 'a=1&a=2')).toBe('?a=1&a=2');
    expect(joinSearch('?x=1', 'color[R]=100|2')).toBe('?x=1&color[R]=100|2');
    expect(joinSearch('?x=1', '')).toBe('?x=1');
  });

  it.each(['a=1#frag', 'a=b c', 'a=\n'])('refuses %j', (search) => {
    expect(() => joinSearch('', search)).toThrow(InvalidUpstreamRequestError);
  });
});

describe('checkExtraHeaders', () => {
  it('lower-cases names and keeps values', () => {
    expect(checkExtraHeaders({ 'X-Rate-Plan': 'gold', primitive: 'blue' })).toEqual({ 'x-rate-plan': 'gold', primitive: 'blue' });
  });

  it.each<Record<string, string>>([{ Host: 'evil' }, { 'Content-Length': '1' }, { 'Proxy-Authorization': 'x' }, { Accept: 'text/html' }, { 'bad name': 'x' }, { 'X-A': 'a\r\nX-B: b' }])(
    'refuses %j',
    (headers) => {
      expect(() => checkExtraHeaders(headers)).toThrow(InvalidUpstreamRequestError);
    },
  );
});
