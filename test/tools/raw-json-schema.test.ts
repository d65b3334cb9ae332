// A tool whose input is a raw JSON Schema 2020-12: listed unchanged, validated on
// each call with a result naming what is wrong; and binary resources read as a base64 `blob` (point 4).
import { defineResource } from '../../src/resources';
import { defineTool } from '../../src/tools';
import { post2025, post2026 } from '../support/mcp-post';
import { startSurfaceServer, type SurfaceServer } from '../support/surface-server';

const SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object' as const,
  $defs: { address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } }, required: ['city'] } },
  properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
  required: ['name'],
  additionalProperties: false,
};
const ship = defineTool({ name: 'ship', description: 'Ships to an address.', inputSchema: SCHEMA, handler: (input) => `shipping ${JSON.stringify(input)}` });
const bytes = Buffer.from([0, 1, 2, 250, 255]);
const binary = defineResource({ uri: 'files://logo', name: 'logo', mimeType: 'application/octet-stream', read: () => bytes });

let server: SurfaceServer;
beforeAll(async () => {
  server = await startSurfaceServer({ tools: [ship], resources: [binary] });
});
afterAll(() => server.close());

it('lists the schema unchanged in both eras', async () => {
  expect((await post2025(server.url, 'tools/list')).json.result?.tools).toEqual([{ name: 'ship', description: 'Ships to an address.', inputSchema: SCHEMA }]);
  expect((await post2026(server.url, 'tools/list')).json.result?.tools).toEqual([{ name: 'ship', description: 'Ships to an address.', inputSchema: SCHEMA }]);
});

it('runs a call whose arguments match, $ref included', async () => {
  const { json } = await post2025(server.url, 'tools/call', { name: 'ship', arguments: { name: 'Ada', address: { city: 'Paris' } } });
  expect(json.result).toEqual({ content: [{ type: 'text', text: 'shipping {"name":"Ada","address":{"city":"Paris"}}' }] });
});

it.each([
  [{ name: 'Ada', extra: 1 }, 'must NOT have additional properties'],
  [{ name: 'Ada', address: { street: 'x' } }, "must have required property 'city'"],
  [{ address: { city: 'Paris' } }, "must have required property 'name'"],
])('answers %j with an isError result naming the problem', async (args, problem) => {
  const { json } = await post2025(server.url, 'tools/call', { name: 'ship', arguments: args });
  expect(json.result?.isError).toBe(true);
  expect(JSON.stringify(json.result?.content)).toContain(problem);
});

it('reads a binary resource as a base64 blob', async () => {
  const { json } = await post2025(server.url, 'resources/read', { uri: 'files://logo' });
  expect(json.result).toEqual({ contents: [{ uri: 'files://logo', mimeType: 'application/octet-stream', blob: bytes.toString('base64') }] });
});
