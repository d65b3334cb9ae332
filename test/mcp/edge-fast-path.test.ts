import { classifyInboundRequest } from '@modelcontextprotocol/server';
import { isPlainLegacyRequest } from '../../src/mcp/streamable/edge';

// The /mcp edge skips the SDK's classification (a zod parse per body) for plain 2025-era requests: every
// body it lets through must be one the SDK itself classifies as a legacy request without a claim.
const bodies: unknown[] = [
  { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_order', arguments: { orderId: '1' } } },
  { jsonrpc: '2.0', id: 'a', method: 'tools/list' },
  { jsonrpc: '2.0', id: 1.5, method: 'tools/list' },
  { jsonrpc: '2.0', id: null, method: 'tools/list' },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18' } },
  { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { _meta: { progressToken: 1 } } },
  { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } },
  { jsonrpc: '2.0', id: 1, method: 'tools/call', params: [] },
  { jsonrpc: '2.0', id: 1, method: 'tools/call', extra: true },
  { jsonrpc: '2.0', id: 1, method: 'tools/call', result: {} },
  { jsonrpc: '1.0', id: 1, method: 'tools/call' },
  { jsonrpc: '2.0', id: 1, method: 7 },
  { jsonrpc: '2.0', id: 1, method: '' },
  { jsonrpc: '2.0', id: 1, result: {} },
  [{ jsonrpc: '2.0', id: 1, method: 'ping' }],
  'tools/call',
  null,
];
const versionHeaders = [undefined, '2025-06-18', '2024-11-05', '2026-07-28', 'nonsense'];

describe('the /mcp edge fast path', () => {
  it.each(versionHeaders.map((header) => [header ?? '(no header)', header]))(
    'with MCP-Protocol-Version %s it takes only bodies the SDK classifies as plain legacy requests',
    (_label, header) => {
      let taken = 0;
      for (const body of bodies) {
        if (!isPlainLegacyRequest(body, header)) continue;
        taken += 1;
        const route = classifyInboundRequest({ httpMethod: 'POST', body, protocolVersionHeader: header });
        expect({ body, route: { kind: route.kind, reason: 'reason' in route ? route.reason : undefined } }).toEqual({
          body,
          route: { kind: 'legacy', reason: 'no-claim' },
        });
      }
      expect(taken).toBe(header === undefined || header === '2025-06-18' || header === '2024-11-05' ? 3 : 0);
    },
  );
});
