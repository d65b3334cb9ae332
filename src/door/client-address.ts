// Who is really calling: the socket's peer, or, when that peer is a trusted proxy, the nearest address in
// X-Forwarded-For that is not a trusted proxy. Anyone can write X-Forwarded-For, so it is read only from
// the proxies the operator named (TRUSTED_PROXIES), walking the chain right to left.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { networkList, normaliseAddress, type Address } from './networks';

export type ClientAddressOf = (req: IncomingMessage) => Address | undefined;

export function createClientAddress(trustedProxies: readonly string[] = []): ClientAddressOf {
  if (trustedProxies.length === 0) {
    // A keep-alive connection's peer does not change: read once per socket, not per request.
    const peers = new WeakMap<Socket, Address | undefined>();
    return function clientAddress(req) {
      const socket = req.socket;
      if (peers.has(socket)) return peers.get(socket);
      const peer = normaliseAddress(socket.remoteAddress);
      peers.set(socket, peer);
      return peer;
    };
  }
  const trusted = networkList(trustedProxies);
  return function clientAddress(req) {
    const peer = normaliseAddress(req.socket.remoteAddress);
    if (!peer || !trusted.contains(peer)) return peer;
    const header = req.headers['x-forwarded-for'];
    // Node joins repeated X-Forwarded-For headers with ", ": one list either way.
    const hops = (Array.isArray(header) ? header.join(',') : header ?? '').split(',');
    let client: Address = peer;
    for (let i = hops.length - 1; i >= 0; i -= 1) {
      const hop = hops[i]?.trim() ?? '';
      if (hop === '') continue;
      const address = normaliseAddress(hop);
      // A hop that is not an address was written by someone we do not trust: the caller is unknown.
      if (!address) return undefined;
      client = address;
      if (!trusted.contains(address)) return address;
    }
    return client; // every hop is a trusted proxy: the leftmost one made the request
  };
}
