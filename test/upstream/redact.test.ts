// The credentials of a request taken out of a text (src/upstream/redact.ts): whole and in parts, short
// values only as whole words, token shapes without being told; words that are not credentials kept.
import { carriesCredentials, credentialValues, REDACTED, withoutCredentials } from '../../src/upstream/redact';

const sent = {
  accept: 'application/json',
  'x-request-id': 'req-1234567',
  'x-tenant-id': 'acme-tenant',
  authorization: `Basic ${Buffer.from('alice:pa55word!').toString('base64')}`,
  cookie: 'sid=s3cr3t-cookie-value; lang=en; tz=cet1',
  'x-api-key': 'k-9f8e7d6c',
};

describe('redacting a request’s credentials from a text', () => {
  const values = credentialValues(sent);

  it('finds each credential whole and in its parts, never the tenant or request id', () => {
    expect(values).toEqual(expect.arrayContaining([sent.authorization, 'alice:pa55word!', 'pa55word!', 's3cr3t-cookie-value', 'sid=s3cr3t-cookie-value', 'k-9f8e7d6c', 'tz=cet1', 'cet1']));
    expect(values).not.toContain('en'); // too short to search for
    expect(values).not.toContain('acme-tenant');
    expect(values).not.toContain('req-1234567');
  });

  it('replaces them, a short one only as a whole word', () => {
    const text = withoutCredentials('user alice:pa55word! cookie s3cr3t-cookie-value key k-9f8e7d6c zone cet1 not cet12 lang en tenant acme-tenant', values);
    expect(text).toBe(`user ${REDACTED} cookie ${REDACTED} key ${REDACTED} zone ${REDACTED} not cet12 lang en tenant acme-tenant`);
  });

  it('takes out a JWT and a credential after a scheme or a key it was never told of, and keeps plain words', () => {
    expect(withoutCredentials('got eyJhbGciOi.SECRETPAYLOAD.sig and Bearer abc123def456', [])).toBe(`got ${REDACTED} and Bearer ${REDACTED}`);
    expect(withoutCredentials('password=hunter2, api_key: zz9plural', [])).toBe(`password=${REDACTED}, api_key: ${REDACTED}`);
    expect(withoutCredentials('Bearer token expired; token: expired. Issue key: PROJ-123 not found', [])).toBe('Bearer token expired; token: expired. Issue key: PROJ-123 not found');
  });

  it('a request carries credentials when any header besides the non-credential ones is set', () => {
    expect(carriesCredentials(sent)).toBe(true);
    expect(carriesCredentials({ accept: 'application/json', 'user-agent': 'x', 'x-request-id': 'r', 'x-tenant-id': 't', traceparent: 'p' })).toBe(false);
  });
});
