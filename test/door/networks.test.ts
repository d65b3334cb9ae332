import { createSecretCheck } from '../../src/door/secret';
import { networkList, normaliseAddress } from '../../src/door/networks';

describe('door/networks', () => {
  it.each([
    ['10.0.0.5', '10.0.0.5'],
    ['::ffff:10.0.0.5', '10.0.0.5'],
    ['10.0.0.5:443', '10.0.0.5'],
    ['[FD00::1]:443', 'fd00::1'],
    ['fe80::1%eth0', 'fe80::1'],
  ])('normalises %s to %s', (raw, address) => {
    expect(normaliseAddress(raw)?.address).toBe(address);
  });

  it.each(['', 'example.com', '10.0.0', '1.2.3.4.5', 'unknown'])('%p is not an address', (raw) => {
    expect(normaliseAddress(raw)).toBeUndefined();
  });

  it('matches IPv4 and IPv6 CIDRs and single addresses; a mapped IPv4 peer matches its IPv4 network', () => {
    const list = networkList(['10.0.0.0/8', 'fd00::/8', '192.168.1.7']);
    const has = (raw: string) => list.contains(normaliseAddress(raw)!);
    expect([has('10.200.0.1'), has('::ffff:10.0.0.1'), has('fd12::5'), has('192.168.1.7')]).toEqual([true, true, true, true]);
    expect([has('11.0.0.1'), has('fe80::1'), has('192.168.1.8'), has('::1')]).toEqual([false, false, false, false]);
  });
});

describe('door/secret', () => {
  it('accepts any of the configured secrets, exactly', () => {
    const matches = createSecretCheck(['first-secret-0123456789', 'second-secret-012345678']);
    expect(matches('first-secret-0123456789')).toBe(true);
    expect(matches('second-secret-012345678')).toBe(true);
    expect(matches('first-secret-012345678')).toBe(false); // a prefix
    expect(matches('first-secret-0123456789x')).toBe(false);
    expect(matches(undefined)).toBe(false);
    expect(matches('')).toBe(false);
    expect(matches(['first-secret-0123456789'])).toBe(false);
  });
});
