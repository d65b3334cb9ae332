// The requestState codec with its claims: two codecs with one secret stand for two replicas, and one set
// of claims for the bus they share. Used once anywhere, refused everywhere; a bus that cannot answer
// refuses it (fail closed) without using it up.
import { RequestStateCodec, type StateClaims } from '../../src/mcp/core/request-state';
import { BusUnavailableError, OnceClaims } from '../../src/sessions';

const SECRET = 'request-state-unit-test-secret-0123456789';
const binding = { tool: 'asks', args: { n: 1 }, owner: 'owner-1' };

function sharedClaims(): StateClaims & { keys: string[] } {
  const claims = new OnceClaims();
  const keys: string[] = [];
  return {
    keys,
    claimOnce: async (key, ttlMs) => {
      keys.push(key);
      return claims.claim(key, ttlMs);
    },
  };
}

describe('RequestStateCodec with claims shared over a bus', () => {
  it('opens a state once: the replay is refused by the other codec as used', async () => {
    const claims = sharedClaims();
    const [a, b] = [new RequestStateCodec(SECRET, 60_000, claims), new RequestStateCodec(SECRET, 60_000, claims)];
    const state = a.seal(binding, { q1: { action: 'accept' } });
    expect(await a.open(state, binding)).toEqual({ ok: true, answers: { q1: { action: 'accept' } } });
    expect(await b.open(state, binding)).toEqual({ ok: false, reason: 'it has been used already' });
    expect(claims.keys).toHaveLength(2);
    expect(claims.keys[0]).toMatch(/^state:[A-Za-z0-9_-]{16}$/);
  });

  it('claims nothing for a state it refuses on its own (altered, expired, another caller)', async () => {
    const claims = sharedClaims();
    let now = 1_000;
    const codec = new RequestStateCodec(SECRET, 60_000, claims, () => now);
    const state = codec.seal(binding, {});
    expect(await codec.open(state, { ...binding, owner: 'owner-2' })).toEqual({ ok: false, reason: 'it was issued to another caller' });
    expect(await codec.open(`${state.slice(0, -4)}AAAA`, binding)).toMatchObject({ ok: false });
    now += 60_001;
    expect(await codec.open(state, binding)).toEqual({ ok: false, reason: 'it has expired' });
    expect(claims.keys).toEqual([]);
  });

  it('rejects with BusUnavailableError when the claim cannot be made, and the state stays usable', async () => {
    let up = false;
    const claims = new OnceClaims();
    const codec = new RequestStateCodec(SECRET, 60_000, {
      claimOnce: (key, ttlMs) => (up ? claims.claim(key, ttlMs) : Promise.reject(new BusUnavailableError('redis: down'))),
    });
    const state = codec.seal(binding, {});
    await expect(codec.open(state, binding)).rejects.toBeInstanceOf(BusUnavailableError);
    up = true;
    expect(await codec.open(state, binding)).toEqual({ ok: true, answers: {} });
  });
});
