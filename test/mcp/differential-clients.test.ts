// The /mcp edge's fast paths against the SDK's classification on what real clients send: the
// SDK v1 client and the v2 client (pinned to 2026-07-28, negotiating, and in its 2025 mode) run against
// the real server while a fetch wrapper records each POST's body and headers; each recorded request must
// get the same decision from `edge` as from `edgeBySdk`, and the well-formed ones must take a fast path.
import type { IncomingHttpHeaders } from 'node:http';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { edge, edgeBySdk, isPlainLegacyRequest, isWellFormedModernRequest } from '../../src/mcp/streamable/edge';
import { MANAGER, startStack, type Stack } from '../support/stack';

interface Recorded {
  client: string;
  body: unknown;
  headers: IncomingHttpHeaders;
}

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

/** A fetch that records every POST (lower-cased headers, as Node's server sees them) and sends it on. */
function recordingFetch(client: string, into: Recorded[]) {
  return async (url: string | URL, init?: RequestInit): Promise<Response> => {
    if (init?.method === 'POST' && typeof init.body === 'string') {
      const headers: IncomingHttpHeaders = {};
      new Headers(init.headers).forEach((value, name) => (headers[name] = value));
      into.push({ client, body: JSON.parse(init.body) as unknown, headers });
    }
    return fetch(url, init);
  };
}

async function exercise(client: { listTools(): Promise<unknown>; callTool(p: { name: string; arguments: Record<string, unknown> }): Promise<unknown>; close(): Promise<void> }) {
  try {
    await client.listTools();
    await client.callTool({ name: 'whoami', arguments: {} });
    await client.callTool({ name: 'get_order', arguments: { orderId: 'ord_1001' } });
    await client.callTool({ name: 'missing_tool', arguments: {} }).catch(() => undefined);
  } finally {
    await client.close();
  }
}

describe('the /mcp edge fast paths on real clients', () => {
  const recorded: Recorded[] = [];

  beforeAll(async () => {
    const url = new URL(`${stack.url}/mcp`);
    const v1 = new ClientV1({ name: 'v1', version: '1.0.0' });
    await v1.connect(new TransportV1(url, { requestInit: { headers: MANAGER }, fetch: recordingFetch('v1', recorded) }));
    await exercise(v1);
    for (const [label, mode] of [['v2 pinned', { pin: '2026-07-28' }], ['v2 auto', 'auto'], ['v2 legacy', 'legacy']] as const) {
      const v2 = new ClientV2({ name: 'v2', version: '2.0.0' }, { versionNegotiation: { mode } });
      await v2.connect(new TransportV2(url, { requestInit: { headers: MANAGER }, fetch: recordingFetch(label, recorded) }));
      await exercise(v2);
    }
  });

  it('every request of the SDK v1 and v2 clients gets the same decision as the SDK gives it', () => {
    expect(new Set(recorded.map((r) => r.client))).toEqual(new Set(['v1', 'v2 pinned', 'v2 auto', 'v2 legacy']));
    for (const { client, body, headers } of recorded) {
      expect({ client, body, decision: edge(body, headers) }).toEqual({ client, body, decision: edgeBySdk(body, headers) });
    }
  });

  it('their tools/list and tools/call requests take a fast path in both eras', () => {
    const fast = (r: Recorded): string => {
      const version = r.headers['mcp-protocol-version'] as string | undefined;
      if (isPlainLegacyRequest(r.body, version)) return 'legacy';
      return isWellFormedModernRequest(r.body, version, r.headers['mcp-method'] as string | undefined) ? 'modern' : 'sdk';
    };
    const calls = recorded.filter((r) => ['tools/list', 'tools/call'].includes((r.body as { method?: string }).method ?? ''));
    expect(calls.length).toBeGreaterThanOrEqual(16);
    const byClient = Object.fromEntries(['v1', 'v2 pinned', 'v2 auto', 'v2 legacy'].map((c) => [c, [...new Set(calls.filter((r) => r.client === c).map(fast))]]));
    expect(byClient).toEqual({ v1: ['legacy'], 'v2 pinned': ['modern'], 'v2 auto': ['modern'], 'v2 legacy': ['legacy'] });
  });
});
