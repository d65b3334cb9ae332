// A whole generated API served in dynamic mode with strict schemas (TOOLS_MODE=dynamic, TOOL_SCHEMAS=strict):
// `npm run openapi` on the Asana subset, then a host's round trip through the SDK client on /mcp
// (test/support/openapi-dynamic.ts): the four listed tools, find → describe → call reaching the API with
// the caller's token (a null for an optional input sends nothing for it), the generated DELETE refused by
// call_operation and run by call_write_operation; and every generated input schema in strict form.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTools } from '../../cli/openapi/generate';
import { copyProject, ROOT, type ProjectCopy, emptyTools } from '../support/project-copy';
import type { DynamicRun } from '../support/openapi-dynamic';
import { breaches } from '../support/strict-rules';

const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const DOCUMENT = join(ROOT, 'test/fixtures/openapi/asana-projects.json');

let copy: ProjectCopy;
let run: DynamicRun;
beforeAll(async () => {
  copy = copyProject('openapi-dynamic-');
  emptyTools(copy.root);
  await generateTools({ root: copy.root, file: DOCUMENT, dryRun: false, tags: [], operations: [] });
  const out = join(copy.root, 'dynamic.json');
  const calls = ['get_project', JSON.stringify({ project_gid: '12', opt_pretty: null }), 'delete_project', JSON.stringify({ project_gid: '12' })];
  const child = await copy.node([TSX, 'test/support/openapi-dynamic.ts', out, DOCUMENT, 'project', ...calls]);
  if (child.code !== 0) throw new Error(`openapi-dynamic failed:\n${child.output}`);
  run = JSON.parse(readFileSync(out, 'utf8')) as DynamicRun;
}, 180_000);
afterAll(() => copy?.remove());

const step = (tool: string, operation?: string) => run.steps.find((item) => item.tool === tool && (operation === undefined || item.arguments.name === operation))!;

describe('a generated API in dynamic mode', () => {
  it('lists four tools instead of the generated ones', () => {
    expect(run.served).toBeGreaterThan(4);
    expect(run.listed.map((tool) => tool.name)).toEqual(['find_operations', 'describe_operation', 'call_operation', 'call_write_operation']);
    expect(run.listed[3]!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it('finds the operations by words, with their summaries and the tool that runs each', () => {
    const found = JSON.parse(step('find_operations').text) as { operations: Array<{ name: string; summary: string; call_with: string }> };
    const names = found.operations.map((item) => item.name);
    expect(names).toEqual(expect.arrayContaining(['get_project', 'delete_project']));
    expect(found.operations.find((item) => item.name === 'get_project')).toMatchObject({ call_with: 'call_operation', summary: expect.any(String) });
    expect(found.operations.find((item) => item.name === 'delete_project')).toMatchObject({ call_with: 'call_write_operation' });
  });

  it('describes an operation with its generated input schema', () => {
    expect(JSON.parse(step('describe_operation', 'get_project').text)).toMatchObject({ name: 'get_project', input_schema: { type: 'object', required: ['project_gid'] }, call_with: 'call_operation' });
  });

  it('calls a read through call_operation to the API with the caller token; call_write_operation refuses it', () => {
    expect(step('call_operation', 'get_project')).toMatchObject({ isError: false, received: { method: 'GET', url: expect.stringMatching(/^\/projects\/12(\?|$)/), authorization: 'Bearer user-token' } });
    expect(step('call_write_operation', 'get_project')).toMatchObject({ isError: true, text: expect.stringContaining('run it with call_operation') });
    expect(step('call_write_operation', 'get_project').received).toBeUndefined();
  });

  it('refuses the generated DELETE through call_operation and sends nothing; call_write_operation runs it', () => {
    expect(step('call_operation', 'delete_project')).toMatchObject({ isError: true, text: 'delete_project may change data: run it with call_write_operation, not call_operation, with the same name and arguments.' });
    expect(step('call_operation', 'delete_project').received).toBeUndefined();
    expect(step('call_write_operation', 'delete_project')).toMatchObject({ received: { method: 'DELETE', url: expect.stringMatching(/^\/projects\/12(\?|$)/), authorization: 'Bearer user-token' } });
  });

  it('lists every generated input schema in strict form where the document allows it, and sends nothing for an optional input given as null', () => {
    // Asana's custom_fields is a map from a field's gid to its value: no fixed properties to list.
    const custom = 'body.data.custom_fields is an object with keys of its own choosing';
    expect(run.strict.filter((entry) => entry.reason !== undefined)).toEqual(
      ['create_project', 'update_project', 'create_project_for_team', 'create_project_for_workspace'].map((tool) => ({ tool, reason: custom })),
    );
    expect(run.strict.filter((entry) => entry.schema !== undefined).length).toBe(run.served - 4);
    expect(run.strict.flatMap((entry) => breaches(entry.schema).map((breach) => `${entry.tool}${breach}`))).toEqual([]);
    expect(step('call_operation', 'get_project').received!.url).not.toContain('opt_pretty');
  });
});
