// Large /mcp answers are gzipped for clients that accept it: a resource of 200 KB crosses the
// wire compressed with Accept-Encoding: gzip and as it is without; small answers never are; a q of 0
// refuses. The bytes are read with node:http, which neither asks for gzip nor decodes it.
import { gunzipSync } from 'node:zlib';
import { defineResource } from '../../src/resources';
import { acceptsGzip, GZIP_MIN_BYTES } from '../../src/http/gzip-json';
import { rawPost } from '../support/raw-post';
import { startStack, type Stack } from '../support/stack';

// A large text that still compresses, as HTML does.
const big = Array.from({ length: 4000 }, (_, i) => `<tr><td>row ${i}</td><td>${(i * 7919) % 10007}</td></tr>`).join('\n');
const resource = defineResource({ uri: 'docs://big/table', name: 'big-table', mimeType: 'text/html', read: () => big });
const readBig = { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'docs://big/table' } };
const listTools = { jsonrpc: '2.0', id: 2, method: 'tools/list' };

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ resources: [resource] });
});
afterAll(async () => {
  await stack.close();
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br', true],
    ['br;q=1.0, GZIP;q=0.5', true],
    ['x-gzip', true],
    ['*', true],
    ['gzip;q=0', false],
    ['*, gzip;q=0', false],
    ['*;q=0', false],
    ['deflate, br', false],
    ['identity', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (header, allowed) => {
    expect(acceptsGzip(header)).toBe(allowed);
  });
});

describe('POST /mcp answers on the wire', () => {
  it('a large answer is gzipped for a client that accepts gzip, and decodes to the same JSON', async () => {
    const plain = await rawPost(stack.url, readBig);
    const zipped = await rawPost(stack.url, readBig, { 'accept-encoding': 'gzip, deflate' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.wire.length).toBeGreaterThan(GZIP_MIN_BYTES);
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.wire.length);
    expect(zipped.wire.length).toBeLessThan(plain.wire.length / 4);
    expect(JSON.parse(gunzipSync(zipped.wire).toString('utf8'))).toEqual(JSON.parse(plain.wire.toString('utf8')));
  });

  it('a client that refuses gzip (q=0) gets it uncompressed', async () => {
    const answer = await rawPost(stack.url, readBig, { 'accept-encoding': 'gzip;q=0, br' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(answer.wire.toString('utf8')) as { result: { contents: Array<{ text: string }> } }).result.contents[0]!.text).toBe(big);
  });

  it('a small answer is never compressed', async () => {
    const answer = await rawPost(stack.url, listTools, { 'accept-encoding': 'gzip' });
    expect(answer.wire.length).toBeLessThan(GZIP_MIN_BYTES);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.wire.toString('utf8'))).toMatchObject({ id: 2, result: { tools: expect.any(Array) } });
  });
});
