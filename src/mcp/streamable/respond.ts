// One POST /mcp exchange's answer: a JSON body by default (gzipped when large and the client accepts it),
// upgraded to an SSE stream when the call sends a notification (progress) before its result and the client
// accepts event streams. An upgraded stream gets a comment line every 15 s until its answer: a long call or
// a subscriptions/listen (docs/tasks.md) is not cut by a proxy that ends idle streams (60–300 s).
import type { ServerResponse } from 'node:http';
import { sendJsonCompressible } from '../../http/gzip-json';
import { sendJson } from '../../http/send-json';
import { SSE_HEADERS } from '../sse/stream';

/** How often an upgraded stream gets a comment line until its answer (the SSE lane's default interval). */
export const STREAM_KEEPALIVE_MS = 15_000;

export class Exchange {
  private streaming = false;
  private keepAlive: NodeJS.Timeout | undefined;

  constructor(
    private readonly res: ServerResponse,
    /** The client's Accept allows text/event-stream. */
    private readonly canStream: boolean,
    /** The request's Accept-Encoding, read only for a large answer. */
    private readonly acceptEncoding: string | undefined,
    private readonly keepAliveMs = STREAM_KEEPALIVE_MS,
  ) {}

  /** Whether notifications can reach the client on this exchange. */
  get notifies(): boolean {
    return this.canStream;
  }

  notify(message: object): void {
    if (!this.canStream || this.res.destroyed) return;
    if (!this.streaming) {
      this.streaming = true;
      this.res.writeHead(200, SSE_HEADERS);
      this.keepAlive = setInterval(() => {
        if (this.res.destroyed || this.res.writableEnded) this.stopKeepAlive();
        else this.res.write(': keepalive\n\n');
      }, this.keepAliveMs).unref();
      this.res.once('close', () => this.stopKeepAlive());
    }
    this.res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }

  /** The final answer: on the stream when it was upgraded, else as one JSON body with `status` (and `headers`). */
  answer(status: number, message: object, headers?: Readonly<Record<string, string>>): void {
    if (this.res.destroyed) return; // a stream's keep-alive stops on its own ('close', or its next tick)
    if (this.streaming) {
      this.stopKeepAlive();
      this.res.end(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
    } else if (headers !== undefined) sendJson(this.res, status, message, headers);
    else sendJsonCompressible(this.res, status, message, this.acceptEncoding);
  }

  private stopKeepAlive(): void {
    if (this.keepAlive !== undefined) clearInterval(this.keepAlive);
    this.keepAlive = undefined;
  }
}
