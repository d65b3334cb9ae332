// Writes a JSON answer on a plain Node response (the POST /messages fast path runs without express).
import type { ServerResponse } from 'node:http';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>): void {
  const text = JSON.stringify(body);
  const length = Buffer.byteLength(text);
  // The common case (no extra header) as a flat list: Node takes it without walking an object's keys.
  if (headers === undefined) res.writeHead(status, ['Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(length)]);
  else res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': length });
  res.end(text);
}
