import { z } from 'zod';
import { defineTool, ToolError } from '../../src/tools';
import { callTool, postDirect } from '../support/sse-client';
import { MANAGER, startStack, type Stack } from '../support/stack';

const SECRET_DETAIL = 'db password is hunter2 at /srv/app/secret.ts:42';
const broken = defineTool({
  name: 'broken',
  description: 'Throws an unexpected error.',
  input: {},
  handler: () => {
    throw new Error(SECRET_DETAIL);
  },
});
const explained = defineTool({
  name: 'explained',
  description: 'Throws a ToolError.',
  input: { n: z.number().describe('A number.') },
  handler: ({ n }) => {
    throw new ToolError(`Number ${n} is not allowed here. Try another one.`);
  },
});

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ tools: [broken, explained] });
});
afterAll(() => stack.close());

const run = async (name: string, args: Record<string, unknown> = {}) =>
  (await postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool(name, args) }, MANAGER)).json?.result;

describe('tool registry', () => {
  it('a tool that throws unexpectedly gets a generic isError; the detail goes to the log only', async () => {
    const result = await run('broken');
    expect(result?.isError).toBe(true);
    expect(result?.content?.[0]?.text).toMatch(/internal error/);
    expect(JSON.stringify(result)).not.toContain('hunter2');
    expect(JSON.stringify(result)).not.toContain('secret.ts');
    const line = stack.logs().find((entry) => entry.tool === 'broken');
    expect(line).toMatchObject({ outcome: 'internal', level: 50 });
    expect(JSON.stringify(line)).toContain('hunter2');
  });

  it('a ToolError reaches the model as written', async () => {
    const result = await run('explained', { n: 3 });
    expect(result).toEqual({ isError: true, content: [{ type: 'text', text: 'Number 3 is not allowed here. Try another one.' }] });
  });

  it('logs one line per call with tool, outcome, upstream status, duration, request id and user id', async () => {
    await postDirect(
      stack.url,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('explained', { n: 1 }) },
      { 'x-request-id': 'req-log-1', 'x-user-id': 'u-100' },
    );
    const lines = stack.logs().filter((entry) => entry.requestId === 'req-log-1');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'tool call', tool: 'explained', outcome: 'tool_error', userId: 'u-100', durationMs: expect.any(Number) });
  });
});

describe('defineTool', () => {
  it('builds a JSON Schema with described fields; defaults make fields optional', () => {
    const tool = defineTool({
      name: 't',
      description: 'd',
      input: { q: z.string().describe('Query.'), limit: z.number().default(5).describe('Limit.') },
      handler: () => 'x',
    });
    expect(tool.descriptor.inputSchema).toMatchObject({
      type: 'object',
      properties: { q: { type: 'string', description: 'Query.' }, limit: { type: 'number', default: 5 } },
      required: ['q'],
    });
    expect(tool.descriptor.inputSchema).not.toHaveProperty('$schema');
  });

  it.each(['has space', '', 'x'.repeat(65)])('refuses the tool name %p at creation', (name) => {
    expect(() => defineTool({ name, description: 'd', input: {}, handler: () => 'x' })).toThrow(TypeError);
  });
});
