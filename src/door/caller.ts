// Caller authentication: the hub's shared secret and/or the caller's network. When both are configured
// a caller must pass both (the secret proves it is the hub, the network limits where a leaked secret works).
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { createClientAddress } from './client-address';
import { networkList } from './networks';
import { REFUSALS, type Refusal } from './refusal';
import { createSecretCheck } from './secret';

export interface CallerAuthOptions {
  /** Lower-case name of the header carrying the secret. */
  secretHeader: string;
  secrets: readonly string[];
  callerNetworks: readonly string[];
  trustedProxies: readonly string[];
}

/** Undefined when nothing is configured: every caller is accepted. */
export function createCallerCheck(options: CallerAuthOptions): ((req: IncomingMessage) => Refusal | undefined) | undefined {
  const { secretHeader, secrets, callerNetworks, trustedProxies } = options;
  if (secrets.length === 0 && callerNetworks.length === 0) return undefined;
  const secretMatches = secrets.length > 0 ? createSecretCheck(secrets) : undefined;
  const networks = callerNetworks.length > 0 ? networkList(callerNetworks) : undefined;
  const clientAddress = createClientAddress(trustedProxies);
  // Without trusted proxies the address is the socket's peer, so the network verdict holds for every
  // request of a keep-alive connection: checked once per socket. With proxies, per request.
  const verdicts = trustedProxies.length === 0 ? new WeakMap<Socket, boolean>() : undefined;
  const inNetworks = (req: IncomingMessage): boolean => {
    const cached = verdicts?.get(req.socket);
    if (cached !== undefined) return cached;
    const address = clientAddress(req);
    const verdict = address !== undefined && networks!.contains(address);
    verdicts?.set(req.socket, verdict);
    return verdict;
  };
  return function checkCaller(req) {
    if (networks && !inNetworks(req)) return REFUSALS.network;
    if (secretMatches && !secretMatches(req.headers[secretHeader])) return REFUSALS.secret;
    return undefined;
  };
}
