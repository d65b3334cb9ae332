// Toolsets (src/tools/toolsets.ts) and the listed schemas (src/tools/portable-schema.ts): what a deployment
// serves for each TOOLSETS value, through a real tool server's tools/list, and the JSON Schema every host
// accepts for zod's nullable fields and records.
import { z } from 'zod';
import { loadConfig } from '../../src/config';
import { defineTool } from '../../src/tools/define-tool';
import { portableSchema } from '../../src/tools/portable-schema';
import { startFakeApi, startToolServer } from '../../src/tools/testing';
import { inToolset, servedTools, toolsetCounts, toolsetOf, ToolsetError } from '../../src/tools/toolsets';

const tool = (name: string) => defineTool({ name, description: `The ${name} tool.`, input: {}, handler: () => 'ok' });
const tools = [inToolset('issues', tool('get_issue')), inToolset('issues', tool('list_issues')), inToolset('projects', tool('get_project')), tool('whoami')];

describe('servedTools', () => {
  it('serves every tool by default, and the chosen toolsets plus the tools in none when TOOLSETS names some', () => {
    expect(servedTools(tools).map((t) => t.name)).toEqual(['get_issue', 'list_issues', 'get_project', 'whoami']);
    expect(servedTools(tools, ['projects']).map((t) => t.name)).toEqual(['get_project', 'whoami']);
    expect(toolsetCounts(tools)).toEqual({ issues: 2, projects: 1 });
    expect(toolsetOf(tools[0]!)).toBe('issues');
  });

  it('a name no tool is in is refused, naming the toolsets there are', () => {
    expect(() => servedTools(tools, ['isues'])).toThrow(new ToolsetError('TOOLSETS names isues, which no tool is in; the toolsets are: issues, projects'));
  });

  it('TOOLSETS is read as a comma list; all, or unset, is every tool; a bad name is a configuration problem', () => {
    expect(loadConfig({ NODE_ENV: 'test', CUSTOMER_API_URL: 'http://127.0.0.1:1' }).toolsets).toBe('all');
    expect(loadConfig({ NODE_ENV: 'test', CUSTOMER_API_URL: 'http://127.0.0.1:1', TOOLSETS: ' issues, projects ' }).toolsets).toEqual(['issues', 'projects']);
    expect(loadConfig({ NODE_ENV: 'test', CUSTOMER_API_URL: 'http://127.0.0.1:1', TOOLSETS: 'all' }).toolsets).toBe('all');
    expect(() => loadConfig({ NODE_ENV: 'test', CUSTOMER_API_URL: 'http://127.0.0.1:1', TOOLSETS: 'Issues!' })).toThrow(/TOOLSETS/);
  });

  it('a tool in a toolset is called as any other, and /health names the toolsets served', async () => {
    const api = await startFakeApi({});
    const server = await startToolServer({ tools: servedTools(tools, ['issues']), apiUrl: api.url, env: { TOOLSETS: 'issues' } });
    try {
      expect(await server.call('get_issue', {}, {})).toMatchObject({ text: 'ok', isError: false });
      const health = await fetch(`${server.url}/health`);
      expect(await health.json()).toMatchObject({ status: 'healthy', toolsets: ['issues'] });
    } finally {
      await server.close();
      await api.close();
    }
  });
});

describe('listed input schemas', () => {
  it('a nullable field is anyOf one type and null, a record has no propertyNames; zod still validates', () => {
    const listed = defineTool({
      name: 'nullable_things',
      description: 'Takes nullable things.',
      input: { name: z.string().min(2).nullable().optional().describe('A name'), labels: z.record(z.string(), z.string()), either: z.union([z.string(), z.number()]) },
      handler: () => 'ok',
    });
    expect(listed.descriptor.inputSchema.properties).toEqual({
      name: { description: 'A name', anyOf: [{ type: 'string', minLength: 2 }, { type: 'null' }] },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
      either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    });
    expect(listed.schema.safeParse({ name: 'x', labels: {}, either: 1 }).success).toBe(false);
  });

  it('a property named propertyNames and a default holding one are kept', () => {
    const schema = { type: 'object', properties: { propertyNames: { type: ['string', 'null'], default: { propertyNames: 1 } } } };
    expect(portableSchema(schema)).toEqual({ type: 'object', properties: { propertyNames: { default: { propertyNames: 1 }, anyOf: [{ type: 'string' }, { type: 'null' }] } } });
  });
});
