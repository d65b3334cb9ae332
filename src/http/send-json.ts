// Writes the lanes' answers on a plain Node response (the MCP lanes run without express). Every response
// here carries X-Content-Type-Options in its writeHead list: a header set earlier with setHeader would
// put Node on its slower merging path for each answer, so the route sets it only for express.
import type { ServerResponse } from 'node:http';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>): void {
  sendJsonText(res, status, JSON.stringify(body), headers);
}

/** sendJson for a body already serialized. */
export function sendJsonText(res: ServerResponse, status: number, text: string, headers?: Record<string, string>): void {
  const length = Buffer.byteLength(text);
  // The common case (no extra header) as a flat list: Node takes it without walking an object's keys.
  if (headers === undefined) {
    res.writeHead(status, ['X-Content-Type-Options', 'nosniff', 'Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(length)]);
  } else {
    res.writeHead(status, { ...headers, 'X-Content-Type-Options': 'nosniff', 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': length });
  }
  res.end(text);
}

/** 202 Accepted with an empty body (contract, Responses rule 4), its length given so that it is not chunked. */
export function sendAccepted(res: ServerResponse): void {
  res.writeHead(202, ['X-Content-Type-Options', 'nosniff', 'Content-Length', '0']).end();
}
