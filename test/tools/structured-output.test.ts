// defineTool's `output`: the descriptor carries outputSchema and title; results carry structuredContent
// (and the same JSON as text), but error results never do. Checked through the SDK v2 client, which
// validates structuredContent against the tool's outputSchema.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { defineTool, ToolError } from '../../src/tools';
import { startStack, type Stack } from '../support/stack';

const weather = defineTool({
  name: 'weather',
  title: 'Weather',
  description: 'The temperature in a city.',
  input: { city: z.string().describe('City name.') },
  output: { city: z.string(), celsius: z.number() },
  annotations: { readOnlyHint: true, openWorldHint: true },
  handler: ({ city }) => {
    if (city === 'Atlantis') throw new ToolError('There is no weather station in Atlantis.');
    return { city, celsius: 21.5 };
  },
});

const forecast = defineTool({
  name: 'forecast',
  description: 'Tomorrow in a city, said in a sentence for the model.',
  input: { city: z.string().describe('City name.') },
  output: { city: z.string(), celsius: z.number() },
  text: ({ city, celsius }) => `Tomorrow in ${city}: ${celsius} °C.`,
  handler: ({ city }) => ({ city, celsius: 18, extra: 'left out' }),
});

const broken = defineTool({
  name: 'broken',
  description: 'Returns an answer that does not match its own output schema.',
  input: {},
  output: { n: z.number() },
  handler: () => ({ n: 'not a number' }) as unknown as { n: number },
});

let stack: Stack;
let client: Client;
beforeAll(async () => {
  stack = await startStack({ tools: [weather, forecast, broken] });
  client = new Client({ name: 'structured-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${stack.url}/mcp`)));
});
afterAll(async () => {
  await client.close();
  await stack.close();
});

describe('tools with an output shape', () => {
  it('list their title, annotations and outputSchema', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'weather');
    expect(tool?.title).toBe('Weather');
    expect(tool?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
    expect(tool?.outputSchema).toMatchObject({ type: 'object', properties: { city: { type: 'string' }, celsius: { type: 'number' } }, required: ['city', 'celsius'] });
  });

  it('answer with structuredContent and the same JSON as text', async () => {
    const result = await client.callTool({ name: 'weather', arguments: { city: 'Lyon' } });
    expect(result.structuredContent).toEqual({ city: 'Lyon', celsius: 21.5 });
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]!.text)).toEqual({ city: 'Lyon', celsius: 21.5 });
  });

  it('with `text`, answer with that sentence beside structuredContent, which holds only the declared fields', async () => {
    const result = await client.callTool({ name: 'forecast', arguments: { city: 'Lyon' } });
    expect(result.structuredContent).toEqual({ city: 'Lyon', celsius: 18 });
    expect(result.content).toEqual([{ type: 'text', text: 'Tomorrow in Lyon: 18 °C.' }]);
  });

  it('a `text` without an output shape is refused when the tool is defined', () => {
    expect(() => defineTool({ name: 'odd', description: 'd', input: {}, text: (() => 'x') as never, handler: () => 'x' })).toThrow(
      'Tool "odd" has a text formatter but no output shape',
    );
  });

  it('put no structuredContent on an error result', async () => {
    const result = await client.callTool({ name: 'weather', arguments: { city: 'Atlantis' } });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect((result.content as Array<{ text: string }>)[0]!.text).toBe('There is no weather station in Atlantis.');
  });

  it('an answer that breaks its own schema is an internal error, logged for the operator', async () => {
    const result = await client.callTool({ name: 'broken', arguments: {} });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(stack.logs().some((line) => line.tool === 'broken' && line.outcome === 'internal')).toBe(true);
  });
});
