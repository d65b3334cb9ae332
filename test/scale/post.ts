// Posting a session's messages to any replica, as a round-robin balancer would.
import { request } from 'node:http';
import type { SseClient } from '../support/sse-client';

export interface Posted {
  status: number;
  retryAfter: string | null;
}

/** POSTs one JSON-RPC message for `client`'s session to the replica at `url`. */
export async function postVia(url: string, client: SseClient, message: unknown, headers: Record<string, string> = {}): Promise<Posted> {
  const response = await fetch(`${url}${client.endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(message),
  });
  await response.arrayBuffer();
  return { status: response.status, retryAfter: response.headers.get('retry-after') };
}

export const toolCall = (id: number, name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0' as const,
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

/** The JSON a fixture tool returned in its text content. */
export function resultOf(answer: { result?: { content?: Array<{ text: string }> } }): Record<string, unknown> {
  return JSON.parse(answer.result?.content?.[0]?.text ?? 'null') as Record<string, unknown>;
}

/** Like postVia, on a new connection each time, so node:cluster hands it to the next worker. */
export function postFresh(url: string, client: SseClient, message: unknown): Promise<Posted> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(message);
    const req = request(`${url}${client.endpoint}`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: (res.headers['retry-after'] as string | undefined) ?? null }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
