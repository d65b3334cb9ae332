// A listener that cannot start, said in one sentence naming the port and the setting that chose it
//: "Port 3000 is already in use (PORT)…", instead of a raw EADDRINUSE stack.

/** A port the server listens on and the setting that chose it. */
export interface PortSetting {
  port: number;
  host: string;
  setting: string;
  /** The setting of the interface, named when the address is the problem. */
  hostSetting: string;
}

/**
 * The sentence for a failed listen, or undefined when the error is not one a setting can fix. Node's
 * listen errors carry the port and address they tried; the port is matched against `listeners`.
 */
export function listenFailure(error: unknown, listeners: readonly PortSetting[]): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, port, hostname } = error as NodeJS.ErrnoException & { port?: unknown; hostname?: unknown };
  // A failed lookup of the address carries its name but no port.
  const listener =
    listeners.find((candidate) => (port === undefined ? candidate.host === hostname : candidate.port === port)) ?? (listeners.length === 1 ? listeners[0] : undefined);
  if (listener === undefined) return undefined;
  const { setting, hostSetting } = listener;
  switch (code) {
    case 'EADDRINUSE':
      return `Port ${listener.port} is already in use (${setting}). Stop the other process or set ${setting} to a free port.`;
    case 'EACCES':
      return `Port ${listener.port} needs privileges this process does not have (${setting}). Set ${setting} to a port above 1023.`;
    case 'EADDRNOTAVAIL':
      return `Address ${listener.host} is not an address of this machine (${hostSetting}). Set ${hostSetting} to one of its addresses, 127.0.0.1 or 0.0.0.0.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Host ${listener.host} could not be resolved (${hostSetting}). Set ${hostSetting} to an address or a name this machine resolves.`;
    default:
      return undefined;
  }
}
