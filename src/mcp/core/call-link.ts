// The ClientLink of one 2025-era tools/call on /mcp: notifications on the POST's event stream, and
// server-to-client requests whose answers come back as new POSTs (./pending-requests.ts). One object per
// call, its parts (the caller's level, its fingerprint) computed only when the tool uses them.
import type { ClientLink, ClientRequestMethod } from '../../protocol/client-link';
import type { CoreContext } from './context';
import type { JsonRpcNotification, JsonRpcRequest } from '../../protocol/jsonrpc';
import type { LogLevel } from '../../protocol/log-levels';
import { ownerOf } from './owner';
import type { PendingRequests } from './pending-requests';

export class CallLink implements ClientLink {
  private level: LogLevel | undefined | null = null;

  constructor(
    private readonly send: (message: JsonRpcNotification | JsonRpcRequest) => void,
    private readonly levelOf: (params: Record<string, unknown>, ctx: CoreContext) => LogLevel | undefined,
    private readonly params: Record<string, unknown>,
    private readonly ctx: CoreContext,
    private readonly pending: PendingRequests,
  ) {}

  get logLevel(): LogLevel | undefined {
    if (this.level === null) this.level = this.levelOf(this.params, this.ctx);
    return this.level;
  }

  notify(method: string, params: Record<string, unknown>): void {
    this.send({ jsonrpc: '2.0', method, params });
  }

  request(method: ClientRequestMethod, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    return this.pending.open(ownerOf(this.ctx.headers, this.ctx.principal), this.ctx.signal, (id) => this.send({ jsonrpc: '2.0', id, method, params }));
  }
}
