// Who a verified token names: a person, or a machine client signed in for itself (client credentials), as
// each authorization server writes it; a token that names neither is refused.
import { principalOf, subjectTagOf } from '../../src/auth/principal-of';

const ISSUER = 'https://auth.example.com';
const of = (claims: Record<string, unknown>) => principalOf(claims, ISSUER, 'token', 'key');

describe('principalOf', () => {
  it.each([
    ['a person (sub is not the client)', { sub: 'alice', client_id: 'assistant', azp: 'assistant' }, 'alice', undefined],
    ['RFC 9068 client credentials (sub = client_id: oidc-provider)', { sub: 'nightly-ci', client_id: 'nightly-ci' }, 'nightly-ci', true],
    ["Okta's client credentials (sub = cid)", { sub: '0oa1b2c3', cid: '0oa1b2c3' }, '0oa1b2c3', true],
    ["Auth0's client credentials (gty)", { sub: 'xyz@clients', azp: 'xyz', gty: 'client-credentials' }, 'xyz@clients', true],
    ["Entra ID's app-only token (idtyp app)", { sub: 'sp-object-id', azp: 'app-id', idtyp: 'app' }, 'sp-object-id', true],
    ['an introspection answer with a client_id and no sub (RFC 7662)', { client_id: 'nightly-ci', active: true }, 'nightly-ci', true],
  ])('%s', (_case, claims, subject, machine) => {
    const principal = of(claims);
    expect(principal).toMatchObject({ subject, subjectTag: subjectTagOf(ISSUER, subject) });
    expect(principal?.machine).toBe(machine);
  });

  it('refuses a token that names neither a subject nor a client', () => {
    expect(of({ scope: 'orders:read' })).toBeUndefined();
    expect(of({ sub: '', client_id: '' })).toBeUndefined();
  });
});
