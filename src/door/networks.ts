// Caller networks and trusted proxies: CIDR lists (IPv4 and IPv6) checked with node:net's BlockList.
// Addresses are normalised first, so an IPv4 peer seen on a dual-stack socket (::ffff:10.0.0.5) matches 10.0.0.0/8.
import { BlockList, isIP } from 'node:net';

export interface Address {
  address: string;
  family: 'ipv4' | 'ipv6';
}

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * Reads one address as peers and proxies write it: `10.0.0.5`, `::ffff:10.0.0.5`, `[fd00::1]`,
 * `[fd00::1]:443`, `10.0.0.5:443`, `fe80::1%eth0`. Undefined when it is not an address.
 */
export function normaliseAddress(raw: string | undefined): Address | undefined {
  if (raw === undefined) return undefined;
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1] !== undefined) text = bracketed[1];
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  const mapped = MAPPED_V4.exec(text);
  if (mapped?.[1] !== undefined) text = mapped[1];
  const family = isIP(text);
  if (family === 4) return { address: text, family: 'ipv4' };
  if (family === 6) return { address: text.toLowerCase(), family: 'ipv6' };
  return undefined;
}

/** `10.0.0.0/8` → subnet; `10.0.0.5` → one address. Undefined when malformed. */
function parseEntry(entry: string): { address: Address; prefix: number | undefined } | undefined {
  const slash = entry.indexOf('/');
  const address = normaliseAddress(slash === -1 ? entry : entry.slice(0, slash));
  if (!address) return undefined;
  if (slash === -1) return { address, prefix: undefined };
  const prefixText = entry.slice(slash + 1);
  const prefix = Number(prefixText);
  const max = address.family === 'ipv4' ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefixText) || prefix > max) return undefined;
  return { address, prefix };
}

/** For config validation: every entry is an address or a CIDR. */
export function isNetworkList(entries: readonly string[]): boolean {
  return entries.every((entry) => parseEntry(entry) !== undefined);
}

/** A matcher for a validated list; `contains` takes an address as normaliseAddress returns it. */
export function networkList(entries: readonly string[]): { contains(address: Address): boolean } {
  const list = new BlockList();
  for (const entry of entries) {
    const parsed = parseEntry(entry);
    if (!parsed) throw new TypeError(`Not an address or CIDR: ${JSON.stringify(entry)}`);
    const { address, prefix } = parsed;
    if (prefix === undefined) list.addAddress(address.address, address.family);
    else list.addSubnet(address.address, prefix, address.family);
  }
  return { contains: (address) => list.check(address.address, address.family) };
}
