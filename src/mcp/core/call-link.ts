// The ClientLink of one tools/call on /mcp: notifications on the POST's event stream and, on 2025-era
// requests, server-to-client requests whose answers come back as new POSTs (./pending-requests.ts).
// A class with lazily computed parts: a call that sends nothing costs one small object.
import type { Cancellation } from '../../call-signal';
import type { ClientLink, ClientRequestMethod } from './client-link';
import type { JsonRpcNotification, JsonRpcRequest } from './jsonrpc';
import type { LogLevel } from './log-levels';
import type { PendingRequests } from './pending-requests';

export class CallLink implements ClientLink {
  private level: LogLevel | undefined | null = null;
  readonly request?: (method: ClientRequestMethod, params: Record<string, unknown>) => Promise<Record<string, unknown>>;

  constructor(
    private readonly send: (message: JsonRpcNotification | JsonRpcRequest) => void,
    private readonly levelOf: () => LogLevel | undefined,
    asker?: { pending: PendingRequests; owner: () => string; signal: Cancellation },
  ) {
    if (asker) {
      this.request = (method, params) =>
        asker.pending.open(asker.owner(), asker.signal, (id) => this.send({ jsonrpc: '2.0', id, method, params }));
    }
  }

  get logLevel(): LogLevel | undefined {
    if (this.level === null) this.level = this.levelOf();
    return this.level;
  }

  notify(method: string, params: Record<string, unknown>): void {
    this.send({ jsonrpc: '2.0', method, params });
  }
}
