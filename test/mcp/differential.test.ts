// The /mcp edge's fast paths against the SDK's classification: every input, hand-written or
// generated, must get the same decision (kind, status, JSON-RPC answer, era) from `edge` as from
// `edgeBySdk`, which hands every body to the SDK's classifyInboundRequest. FUZZ_SEED / FUZZ_COUNT replay
// or lengthen the generated part. The shapes real clients send are in differential-clients.test.ts.
import type { IncomingHttpHeaders } from 'node:http';
import { edge, edgeBySdk, isPlainLegacyRequest, isWellFormedModernRequest } from '../../src/mcp/streamable/edge';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const COUNT = Number(process.env.FUZZ_COUNT ?? 6000);
const V = '2026-07-28';
const PV = 'io.modelcontextprotocol/protocolVersion';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';
const INFO = 'io.modelcontextprotocol/clientInfo';
const LEVEL = 'io.modelcontextprotocol/logLevel';
const TASK = 'io.modelcontextprotocol/related-task';

const envelope = (extra: Record<string, unknown> = {}) => ({ [PV]: V, [CAPS]: {}, [INFO]: { name: 'c', version: '1' }, ...extra });
const modern = (method: string, params: Record<string, unknown> = {}, id: unknown = 1) => ({ jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope() } });
const modernHeaders = (method: string, name?: string): IncomingHttpHeaders => ({
  'mcp-protocol-version': V,
  'mcp-method': method,
  ...(name === undefined ? {} : { 'mcp-name': name }),
});

/** The fuzz corpus's bases (test/mcp/fuzz.test.ts), the conformance suite's and real clients' shapes. */
const BASES: Array<[unknown, IncomingHttpHeaders]> = [
  [{ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'f', version: '1' } } }, {}],
  [{ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'f', version: '1' } } }, { 'mcp-protocol-version': '2025-11-25' }],
  [{ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'mcp-protocol-version': '2025-03-26' }],
  [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }, {}],
  [{ jsonrpc: '2.0', id: 'a', method: 'tools/list', params: {} }, { 'mcp-protocol-version': '2025-06-18' }],
  [{ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_order', arguments: { orderId: '1001' } } }, { 'mcp-protocol-version': '2025-11-25' }],
  [{ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'slow', arguments: {}, _meta: { progressToken: 7 } } }, { 'mcp-protocol-version': '2025-06-18' }],
  [{ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-protocol-version': '2025-06-18' }],
  [{ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }, {}],
  [{ jsonrpc: '2.0', id: 1, result: {} }, {}],
  [{ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'x' } }, {}],
  [[{ jsonrpc: '2.0', id: 1, method: 'ping' }], {}],
  [modern('server/discover'), modernHeaders('server/discover')],
  [modern('tools/list'), modernHeaders('tools/list')],
  [modern('tools/call', { name: 'get_order', arguments: { orderId: '1001' } }), modernHeaders('tools/call', 'get_order')],
  [modern('tools/call', { name: 'naïve', arguments: {} }), modernHeaders('tools/call', `=?base64?${Buffer.from('naïve').toString('base64')}?=`)],
  [modern('tools/call', { name: 'x', arguments: {} }, 'req-1'), modernHeaders('tools/call', 'x')],
  [modern('ping'), modernHeaders('ping')],
  [modern('initialize'), modernHeaders('initialize')],
  [modern('resources/list'), modernHeaders('resources/list')],
  [{ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, _meta: envelope() } }, modernHeaders('notifications/cancelled')],
  // Bad or missing headers, mismatched Mcp-Name with and without the base64 sentinel, batches.
  [modern('tools/call', { name: 'get_order' }), modernHeaders('tools/call', 'other')],
  [modern('tools/call', { name: 'get_order' }), modernHeaders('tools/call', '=?base64?b3RoZXI=?=')],
  [modern('tools/call', { name: 'get_order' }), modernHeaders('tools/call', '=?base64?not base64?=')],
  [modern('tools/call', { name: 'get_order' }), modernHeaders('tools/call')],
  [modern('tools/call', { name: 'get_order' }), { 'mcp-method': 'tools/call', 'mcp-name': 'get_order' }],
  [modern('tools/call', { name: 'get_order' }), { 'mcp-protocol-version': V, 'mcp-name': 'get_order' }],
  [modern('tools/call', { name: 'get_order' }), { ...modernHeaders('tools/call', 'get_order'), 'mcp-protocol-version': '2025-11-25' }],
  [modern('tools/call', { name: 'get_order' }), { ...modernHeaders('tools/list', 'get_order') }],
  [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }, modernHeaders('tools/list')],
  [[], {}],
  [[modern('tools/list')], modernHeaders('tools/list')],
];

/** mulberry32: a small seeded PRNG, so a failing run can be replayed exactly. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mutations aimed at the fast paths' boundaries: ids, keys, params, every envelope field, every header. */
function variations(random: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const values: unknown[] = [
    undefined, null, 1, 1.5, -0, 2 ** 53, 2 ** 53 - 1, 2 ** 64, Infinity, '', 'x', true, [], [1], {}, { a: 1 }, { a: Infinity },
    { listChanged: true }, { listChanged: 'yes' }, { applyDefaults: true }, { applyDefaults: 1 }, { form: {} }, { form: { applyDefaults: 'no' } },
    { url: {} }, { url: [] }, { context: {} }, { tools: 1 }, { x: { y: 1 } }, { x: 1 }, JSON.parse('{"__proto__":{"a":1}}'),
    { name: 'n' }, { name: 'n', version: '1' }, { name: 'n', version: '1', icons: [{ src: 's', theme: 'dark' }] },
    { name: 'n', version: '1', icons: [{ src: 's', theme: 'dim' }] }, { name: 'n', version: 1 }, { taskId: 't' },
    'debug', 'verbose', V, '2025-06-18', '2027-01-01', 'tools/call', 'get_order',
  ];
  const envelopeKeys = [PV, CAPS, INFO, LEVEL, TASK, 'progressToken', 'traceparent', 'x-extra'];
  const capsKeys = ['experimental', 'sampling', 'elicitation', 'roots', 'extensions', 'tasks', 'other'];
  const headerValues = [undefined, V, '2025-06-18', '2025-11-25', ' 2026-07-28 ', 'nonsense', 'tools/call', 'tools/list', 'server/discover', 'get_order', 'x', '=?base64?Z2V0X29yZGVy?=', '=?base64?Z2V0X29yZGVy?', '=?base64?!!?=', '=?base64?Z2V0X29yZGVyx?='];
  const set = (target: Record<string, unknown>, key: string, value: unknown) => {
    if (value === undefined) delete target[key];
    else target[key] = value;
  };
  const objectAt = (target: Record<string, unknown>, key: string): Record<string, unknown> | undefined => {
    const value = target[key];
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  };

  return function vary(): [unknown, IncomingHttpHeaders] {
    const [base, baseHeaders] = pick(BASES);
    const body = structuredClone(base) as Record<string, unknown>;
    const headers: IncomingHttpHeaders = { ...baseHeaders };
    const rounds = 1 + Math.floor(random() * 3);
    for (let i = 0; i < rounds && !Array.isArray(body); i++) {
      const params = objectAt(body, 'params');
      const meta = params && objectAt(params, '_meta');
      const action = random();
      if (action < 0.15) set(body, pick(['jsonrpc', 'id', 'method', 'params', 'result', 'error', 'extra']), pick(values));
      else if (action < 0.25 && params) set(params, pick(['name', 'arguments', '_meta', 'protocolVersion']), pick(values));
      else if (action < 0.5 && meta) set(meta, pick(envelopeKeys), pick(values));
      else if (action < 0.65 && meta && objectAt(meta, CAPS)) set(objectAt(meta, CAPS)!, pick(capsKeys), pick(values));
      else if (action < 0.7 && meta && objectAt(meta, INFO)) set(objectAt(meta, INFO)!, pick(['name', 'version', 'title', 'icons', 'websiteUrl']), pick(values));
      else {
        const name = pick(['mcp-protocol-version', 'mcp-method', 'mcp-name']);
        const value = pick(headerValues);
        if (value === undefined) delete headers[name];
        else headers[name] = value;
      }
    }
    return [body, headers];
  };
}

function expectSameDecision(body: unknown, headers: IncomingHttpHeaders): void {
  expect({ body, headers, decision: edge(body, headers) }).toEqual({ body, headers, decision: edgeBySdk(body, headers) });
}

describe('the /mcp edge fast paths against the SDK classification', () => {
  it.each(BASES.map(([body, headers], i) => [i, body, headers]))('hand-written shape %i gets the same decision', (_i, body, headers) => {
    expectSameDecision(body, headers as IncomingHttpHeaders);
  });

  it('the fast paths take the well-formed requests of both eras', () => {
    expect(isPlainLegacyRequest(BASES[5]![0], '2025-11-25')).toBe(true);
    expect(isWellFormedModernRequest(BASES[14]![0], V, 'tools/call')).toBe(true);
    expect(isWellFormedModernRequest(modern('tools/list', {}, 2 ** 53), V, 'tools/list')).toBe(false);
    expect(isPlainLegacyRequest({ jsonrpc: '2.0', id: 2 ** 53, method: 'tools/list' }, undefined)).toBe(false);
  });

  it(`generated variations (seed ${SEED}, ${COUNT}) get the same decision, many through each fast path`, () => {
    const vary = variations(prng(SEED));
    const taken = { legacy: 0, modern: 0, sdk: 0 };
    for (let n = 0; n < COUNT; n++) {
      const [body, headers] = vary();
      const version = typeof headers['mcp-protocol-version'] === 'string' ? headers['mcp-protocol-version'].trim() : undefined;
      const method = typeof headers['mcp-method'] === 'string' ? headers['mcp-method'].trim() : undefined;
      if (isPlainLegacyRequest(body, version)) taken.legacy += 1;
      else if (isWellFormedModernRequest(body, version, method)) taken.modern += 1;
      else taken.sdk += 1;
      expectSameDecision(body, headers);
    }
    // The comparison means something only if both fast paths and the SDK's path were each exercised.
    expect(taken.legacy).toBeGreaterThan(COUNT / 20);
    expect(taken.modern).toBeGreaterThan(COUNT / 20);
    expect(taken.sdk).toBeGreaterThan(COUNT / 4);
  });
});
