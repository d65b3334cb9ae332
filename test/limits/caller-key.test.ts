// callerKey (src/limits/caller-key.ts): whose share a call counts against. A call with Authorization alone
// takes a shorter path; it must give the same key the general path gives the same credentials.
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { callerKey } from '../../src/limits';
import { callerFrom } from '../../src/upstream/credentials';

const keyOf = (headers: IncomingHttpHeaders, custom: readonly string[] = []) => callerKey(headers, callerFrom(headers), custom, '10.0.0.1');
const expected = (material: string) => `credential:${createHash('sha256').update(material).digest('base64url').slice(0, 22)}`;

describe('callerKey', () => {
  it('Authorization alone: the fingerprint of the same material as the general path, cached or not', () => {
    const token = `Bearer ${'t'.repeat(40)}`;
    const key = expected(`authorization\n${token}\n`);
    expect(keyOf({ authorization: token })).toBe(key);
    expect(keyOf({ authorization: token })).toBe(key); // from the cache
    // A configured custom header that is absent adds nothing to the material: same key.
    expect(keyOf({ authorization: token }, ['x-api-key'])).toBe(key);
    expect(keyOf({ authorization: `${token}x` })).toBe(expected(`authorization\n${token}x\n`));
  });

  it('any other credential header takes the general path and changes the key', () => {
    const authorization = 'Bearer abc';
    expect(keyOf({ authorization, cookie: 'sid=1' })).toBe(expected('authorization\nBearer abc\ncookie\nsid=1\n'));
    expect(keyOf({ authorization, 'x-user-auth-authorization': 'u' })).toBe(expected('authorization\nBearer abc\nx-user-auth-authorization\nu\n'));
    expect(keyOf({ authorization, 'x-api-key': 'k' }, ['x-api-key'])).toBe(expected('authorization\nBearer abc\nx-api-key\nk\n'));
  });

  it('X-User-Id wins, and a call with no credential counts against its address', () => {
    expect(keyOf({ authorization: 'Bearer abc', 'x-user-id': 'alice' })).toBe('user:alice');
    expect(keyOf({})).toBe('address:10.0.0.1');
  });

  it('a credential longer than 2 KiB is fingerprinted every time, never cached', () => {
    const long = `Bearer ${'x'.repeat(3000)}`;
    expect(keyOf({ authorization: long })).toBe(expected(`authorization\n${long}\n`));
    expect(keyOf({ authorization: long })).toBe(expected(`authorization\n${long}\n`));
  });
});
