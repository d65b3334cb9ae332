// A tool with `output` may return its output's JSON as the API sent it (`as: 'text'`): every client reads
// that text as it came; a client that receives structuredContent (2025-06-18 and later) also gets it parsed
// and checked (declared fields only), and the hub's lane (2024-11-05), which cannot use the data, never
// parses it. Text that is not a JSON object is a bug in the tool on every lane.
import { z } from 'zod';
import { defineTool } from '../../src/tools';
import { post2025, post2026 } from '../support/mcp-post';
import { postDirect } from '../support/sse-client';
import { startSurfaceServer, type SurfaceServer } from '../support/surface-server';

const API_TEXT = '{"id":"7","total":12.5,"internal":"not declared"}';
const output = { id: z.string(), total: z.number() };

const relay = defineTool({ name: 'relay', description: 'The API JSON, relayed.', input: {}, output, handler: () => API_TEXT });
const sentence = defineTool({
  name: 'sentence',
  description: 'The API JSON, said in a sentence.',
  input: {},
  output,
  text: ({ id, total }) => `Order ${id}: ${total}.`,
  handler: () => API_TEXT,
});
const notJson = defineTool({ name: 'not_json', description: 'A bug: a sentence instead of JSON.', input: {}, output, handler: () => 'Order 7 totals 12.5' });

let server: SurfaceServer;
beforeAll(async () => {
  server = await startSurfaceServer({ tools: [relay, sentence, notJson] });
});
afterAll(() => server.close());

const onHubLane = async (name: string) => (await postDirect(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } })).json?.result;
const on2025 = async (name: string) => (await post2025(server.url, 'tools/call', { name, arguments: {} })).json.result;
const on2026 = async (name: string) => (await post2026(server.url, 'tools/call', { name, arguments: {} })).json.result;

it("the hub's lane gets the API's text as it came, unparsed (its undeclared field included)", async () => {
  expect(await onHubLane('relay')).toEqual({ content: [{ type: 'text', text: API_TEXT }] });
});

it.each([
  ['2025-11-25', on2025],
  ['2026-07-28', on2026],
])('%s gets the same text, and structuredContent parsed and checked (declared fields only)', async (_revision, on) => {
  expect(await on('relay')).toMatchObject({ content: [{ type: 'text', text: API_TEXT }], structuredContent: { id: '7', total: 12.5 } });
  expect(((await on('relay')) as { structuredContent: object }).structuredContent).not.toHaveProperty('internal');
});

it("with a text formatter, the hub's lane gets the sentence made of the parsed JSON", async () => {
  expect(await onHubLane('sentence')).toEqual({ content: [{ type: 'text', text: 'Order 7: 12.5.' }] });
});

it('text that is not JSON is the internal-error result on every lane, logged as a bug', async () => {
  for (const result of [await onHubLane('not_json'), await on2025('not_json')]) {
    expect(result).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('internal error') }] });
  }
  expect(server.logText()).toContain('returned text that is not the JSON of its output');
});
