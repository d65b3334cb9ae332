// A 2026-07-28 result is the tool's result with `resultType` and the server's `_meta` stamp added. The
// core builds it without an object spread (src/mcp/core/core.ts, `stateless`): the answer must be the
// spread's, key for key and in the same order, whatever the tool returned.
import { CallSignal } from '../../src/call-signal';
import { createLogger } from '../../src/logger';
import { createProtocolCore, type JsonRpcRequest } from '../../src/mcp/core';
import type { Registry } from '../../src/tools/registry';
import type { ToolResult } from '../../src/tools/results';

const info = { name: 'stamp-test', version: '1.0.0' };
const STAMP = { 'io.modelcontextprotocol/serverInfo': info };

/** What the core answered before: the spread. */
function spread(result: Record<string, unknown>): unknown {
  const meta = result._meta as Record<string, unknown> | undefined;
  return { ...result, resultType: 'complete', _meta: meta ? { ...meta, ...STAMP } : STAMP };
}

function coreAnswering(result: unknown) {
  const registry: Registry = {
    descriptors: [],
    appDescriptors: [],
    descriptorsFor: () => [],
    has: (name) => name === 'echo',
    call: () => Promise.resolve(result as ToolResult),
    context: () => Promise.reject(new Error('no prompt or completion in this test')),
  };
  return createProtocolCore({ registry, info, logger: createLogger({ level: 'silent' }) });
}

const modernCall: JsonRpcRequest = {
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name: 'echo', arguments: {}, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
};

// JSON.parse, so that `__proto__` is an own key as it would be in a result built from parsed JSON.
const RESULTS = [
  '{"content":[{"type":"text","text":"hi"}]}',
  '{"content":[],"isError":true}',
  '{"resultType":"partial","content":[]}',
  '{"content":[],"_meta":{"a":1,"io.modelcontextprotocol/serverInfo":"theirs"}}',
  '{"_meta":null,"content":[]}',
  '{"content":[],"structuredContent":{"n":1},"_meta":{"z":[1,2]}}',
  '{"__proto__":{"polluted":true},"content":[]}',
  '{"content":[],"_meta":{"__proto__":{"polluted":true}}}',
];

describe('the 2026-07-28 stamp on a result', () => {
  it.each(RESULTS)('is the spread of the result, key for key: %s', async (json) => {
    const answer = await coreAnswering(JSON.parse(json)).request(modernCall, { headers: {}, signal: new CallSignal() });
    expect('result' in answer).toBe(true);
    const result = (answer as { result: unknown }).result;
    expect(JSON.stringify(result)).toBe(JSON.stringify(spread(JSON.parse(json) as Record<string, unknown>)));
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  });

  it('leaves the tool result itself untouched', async () => {
    const result = { content: [], _meta: { a: 1 } };
    await coreAnswering(result).request(modernCall, { headers: {}, signal: new CallSignal() });
    expect(result).toEqual({ content: [], _meta: { a: 1 } });
  });
});
