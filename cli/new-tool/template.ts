// The text of a new tool and of its test, from a name, an HTTP method and a path template.
import type { HttpMethod } from '../../src/tools';
import { callDescription, notFoundText, paramOwner } from '../scaffold/describe';
import { scopesLines } from '../scaffold/scopes';
import { ANNOTATIONS, serverLifecycle } from '../scaffold/shapes';

export interface NewTool {
  name: string;
  method: HttpMethod;
  /** e.g. /customers/:id/invoices */
  path: string;
  /** OAuth scopes for MCP_AUTH=oauth (--scopes); none by default. */
  scopes?: readonly string[];
  /** Its MCP Apps view (--view): the `ui://` URI, and the identifier tools/index.ts imports it as. */
  view?: { uri: string; identifier: string };
}

/** A single-quoted TypeScript string literal. */
export const quote = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n')}'`;

/** A TypeScript literal for test arguments: strings single-quoted, objects inline. */
export function literal(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value).map(([key, item]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : quote(key)}: ${literal(item)}`);
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
  }
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  return JSON.stringify(value);
}

const WITH_BODY = new Set<HttpMethod>(['POST', 'PUT', 'PATCH']);

export const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1] ?? '');

/** A first description the model can already use; the author sharpens it (what for, when, what it returns). */
function description({ method, path }: NewTool): string {
  return `${callDescription(method, path)} (${method} ${path}) and return the answer as JSON.`;
}

export function toolSource(tool: NewTool): string {
  const params = pathParams(tool.path);
  const body = WITH_BODY.has(tool.method);
  const inputs = [
    ...params.map((param) => `    ${param}: z.string().min(1).max(200).describe('The ${param} of the ${paramOwner(tool.path, param)}.'),`),
    ...(body ? ["    // TODO: replace with the fields your API expects, each with its type and a description for the model.", "    fields: z.record(z.string(), z.unknown()).describe('The fields to send, as a JSON object.'),"] : []),
  ];
  const names = [...params, ...(body ? ['fields'] : [])];
  const options = params.length > 0 ? `{ params: { ${params.join(', ')} } }` : '';
  const method = tool.method.toLowerCase();
  const args = body ? [`'${tool.path}'`, 'fields', ...(options ? [options] : [])] : [`'${tool.path}'`, ...(options ? [options] : [])];
  const call = `await ctx.api.${method}<unknown>(${args.join(', ')})`;
  const notFound = params.length > 0
    ? [
        '    } catch (error) {',
        '      if (error instanceof UpstreamHttpError && error.status === 404) {',
        `        throw new ToolError(\`${notFoundText(tool.path, (param) => param)}. Check the value and try again.\`, { cause: error });`,
        '      }',
        '      throw error;',
        '    }',
      ]
    : [];
  const answer = `      return JSON.stringify(answer ?? { ok: true });`;
  const handlerBody = params.length > 0
    ? ['    try {', `      const answer = ${call};`, '      // TODO: shape the answer for the model: the fields it needs, in plain words.', answer, ...notFound]
    : [`    const answer = ${call};`, '    // TODO: shape the answer for the model: the fields it needs, in plain words.', answer.slice(2)];
  const imports = params.length > 0 ? 'defineTool, ToolError, UpstreamHttpError' : 'defineTool';
  return [
    `// ${tool.name}: ${tool.method} ${tool.path} on your API. Written by \`npm run new-tool\`: edit the TODOs.`,
    ...(inputs.length > 0 ? ["import { z } from 'zod';"] : []),
    `import { ${imports} } from '../src/tools';`,
    '',
    'export default defineTool({',
    `  name: '${tool.name}',`,
    '  // TODO: say what this does for the user, when to use it, and what it returns.',
    `  description: ${quote(description(tool))},`,
    `  input: {${inputs.length > 0 ? `\n${inputs.join('\n')}\n  ` : ''}},`,
    `  annotations: ${ANNOTATIONS[tool.method]},`,
    ...scopesLines(tool.scopes ?? []),
    ...(tool.view ? [`  // Hosts that show MCP Apps views render the results in tools/${tool.name}.view.ts.`, `  view: '${tool.view.uri}',`] : []),
    `  async handler(${names.length > 0 ? `{ ${names.join(', ')} }` : '_input'}, ctx) {`,
    ...handlerBody,
    '  },',
    '});',
    '',
  ].join('\n');
}

/** The arguments the generated tests call the tool with: `<param>-1` for each path parameter, a body's `fields`. */
export function sampleArgs(tool: NewTool): Record<string, unknown> {
  const sample = Object.fromEntries(pathParams(tool.path).map((param) => [param, `${param}-1`]));
  return { ...sample, ...(WITH_BODY.has(tool.method) ? { fields: { name: 'Example' } } : {}) };
}

/** A test that passes at once against a fake of the route, and shows how to test the failures. */
export function testSource(tool: NewTool, identifier: string): string {
  const params = pathParams(tool.path);
  const body = WITH_BODY.has(tool.method);
  const args = sampleArgs(tool);
  const missing: Record<string, unknown> = { ...args, [params[0] ?? '']: 'missing' };
  const concrete = tool.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, param: string) => `${param}-1`);
  const lines = [
    `// Tests of ${tool.name} against a fake of your API on loopback. Written by \`npm run new-tool\`: add your cases.`,
    "import { startFakeApi, startToolServer, type FakeApi, type TestServer } from '../src/tools/testing';",
    `import ${identifier} from './${tool.name}';`,
    ...(tool.view ? [`import ${tool.view.identifier} from './${tool.name}.view';`] : []),
    '',
    "const user = { authorization: 'Bearer test-token' };",
    'let api: FakeApi;',
    'let server: TestServer;',
    'beforeAll(async () => {',
    '  api = await startFakeApi({',
    `    '${tool.method} ${tool.path}': ({ headers${params.length > 0 ? ', params' : ''} }) => {`,
    "      if (headers.authorization !== user.authorization) return { status: 401 };",
    ...(params.length > 0 ? [`      if (params.${params[0]} === 'missing') return { status: 404 };`] : []),
    "      return { body: { id: 'id-1', name: 'Example' } };",
    '    },',
    '  });',
    ...serverLifecycle(identifier, tool.view?.identifier),
    '',
    `describe('${tool.name}', () => {`,
    `  it('calls ${tool.method} ${tool.path} with the user\\'s credentials and returns the answer', async () => {`,
    `    const { text, isError } = await server.call('${tool.name}', ${literal(args)}, user);`,
    '    expect(isError).toBe(false);',
    "    expect(JSON.parse(text)).toEqual({ id: 'id-1', name: 'Example' });",
    `    expect(api.requests.at(-1)).toMatchObject({ method: '${tool.method}', path: '${concrete}'${body ? `, body: ${literal(args.fields)}` : ''} });`,
    '  });',
    ...(params.length > 0
      ? [
          '',
          "  it('explains a missing record', async () => {",
          `    const { text, isError } = await server.call('${tool.name}', ${literal(missing)}, user);`,
          '    expect(isError).toBe(true);',
          `    expect(text).toBe(${literal(`${notFoundText(tool.path, (param) => param).replace(/\$\{(\w+)\}/g, (_m, param: string) => String(missing[param]))}. Check the value and try again.`)});`,
          '  });',
        ]
      : []),
    '',
    "  it('an expired token gets the session-expired result', async () => {",
    `    const { text, isError } = await server.call('${tool.name}', ${literal(args)}, { authorization: 'Bearer expired' });`,
    '    expect(isError).toBe(true);',
    "    expect(text).toBe('Your session has expired. Please log in again.');",
    '  });',
    '});',
    '',
  ];
  return lines.join('\n');
}
