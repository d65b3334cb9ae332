// A one-message transport for POST /messages without a sessionId (direct checks, curl): the answer to
// the single request goes into the HTTP response body instead of onto a stream.
import type { IncomingHttpHeaders } from 'node:http';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

export class DirectTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  private closed = false;
  private settle: ((message: JSONRPCMessage | undefined) => void) | undefined;

  async start(): Promise<void> {}

  /** Delivers the request and resolves with its answer, or undefined if the client went away first. */
  exchange(message: JSONRPCMessage, headers: IncomingHttpHeaders): Promise<JSONRPCMessage | undefined> {
    const answer = new Promise<JSONRPCMessage | undefined>((resolve) => {
      this.settle = resolve;
    });
    this.onmessage?.(message, { requestInfo: { headers } });
    return answer;
  }

  async send(message: JSONRPCMessage): Promise<void> {
    // Only the answer has an id here: this server sends no requests of its own on a direct call.
    if ('id' in message && ('result' in message || 'error' in message)) this.settle?.(message);
  }

  /** Called when the HTTP client goes away: the SDK then aborts the handler and its upstream request. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // The SDK sends nothing for an aborted request: settle here, or the exchange would wait forever.
    this.settle?.(undefined);
    this.onclose?.();
  }
}
