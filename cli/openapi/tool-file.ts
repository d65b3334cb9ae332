// The source of one generated tool: zod inputs from the operation's parameters and JSON body, the call
// through ctx.api (path parameters as `params`, query parameters as `query`), annotations from the method.
import { callDescription, notFoundText } from '../scaffold/describe';
import { scopesLines } from '../scaffold/scopes';
import { ANNOTATIONS } from '../scaffold/shapes';
import { quote } from '../new-tool/template';
import type { Operation, Parameter } from './operations';
import { typesOf, type Schema } from './schema';
import { toZod } from './to-zod';

/** A model reads the whole description on every turn: keep it to a few sentences. */
const MAX_DESCRIPTION = 1000;

export function toolDescription(op: Operation): string {
  const parts = [op.summary, op.description && op.description !== op.summary ? op.description : undefined].filter(Boolean);
  let text = parts.length > 0 ? parts.join('\n\n') : `${callDescription(op.method, op.apiPath)} (${op.method} ${op.path}).`;
  if (text.length > MAX_DESCRIPTION) text = `${text.slice(0, MAX_DESCRIPTION - 1).replace(/\s+\S*$/, '')}…`;
  return text;
}

/** A path parameter's value must be a string or number; a query value a string, number or boolean. */
function value(parameter: Parameter, todo: string[]): string {
  const ref = `input.${parameter.key}`;
  const { types } = typesOf(parameter.schema);
  const type = types.length === 1 ? types[0] : undefined;
  if (parameter.in === 'path') return type === 'string' || type === 'integer' || type === 'number' ? ref : `String(${ref})`;
  if (type === 'array') {
    todo.push(`${parameter.name}: sent comma-separated; check whether your API wants repeated parameters instead`);
    return `${ref}?.join(',')`;
  }
  if (type === 'object' || type === undefined) return `${ref} === undefined ? undefined : JSON.stringify(${ref})`;
  return typesOf(parameter.schema).nullable ? `${ref} ?? undefined` : ref;
}

/** A path parameter that is a string is never empty: an empty segment would change the path (issue 18). */
function inputSchema(parameter: Parameter): Schema {
  const { types } = typesOf(parameter.schema);
  const string = types.length === 1 && types[0] === 'string' && !parameter.schema.enum && parameter.schema.const === undefined;
  return parameter.in === 'path' && string && (parameter.schema.minLength ?? 0) < 1 ? { ...parameter.schema, minLength: 1 } : parameter.schema;
}

/** The sentence a declared 404 becomes, as the inside of a template literal over `input`. */
export function notFoundSentence(op: Operation, value: (key: string) => string = (key) => `input.${key}`): string {
  const text = notFoundText(op.apiPath, value);
  return `${text}. ${text === 'Nothing was found' ? 'Check the inputs' : 'Check the value'} and try again.`;
}

const prop = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : quote(key));

export function toolSource(op: Operation, origin: string): string {
  const todo: string[] = [];
  const inputs = op.parameters.map((p) => `    ${prop(p.key)}: ${toZod(inputSchema(p), 0, new Set(), !p.required, p.description)},`);
  if (op.body) {
    const description = op.body.description ?? 'The request body, sent as JSON.';
    inputs.push(`    body: ${toZod(op.body.schema, 0, new Set(), !op.body.required, description)},`);
  }
  const path = op.parameters.filter((p) => p.in === 'path').map((p) => `${prop(p.key)}: ${value(p, todo)}`);
  const query = op.parameters.filter((p) => p.in === 'query').map((p) => `${prop(p.name)}: ${value(p, todo)}`);
  const options = [path.length > 0 ? `params: { ${path.join(', ')} }` : '', query.length > 0 ? `query: { ${query.join(', ')} }` : ''].filter(Boolean);
  const optionText = options.length > 0 ? `{ ${options.join(', ')} }` : '';
  const method = op.method.toLowerCase();
  const args = [quote(op.apiPath), ...(op.body ? ['input.body'] : []), ...(optionText ? [optionText] : [])];
  if (!op.body && (op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH') && optionText) args.splice(1, 0, 'undefined');
  if (op.skippedParameters.length > 0) todo.push(`not inputs (credentials and headers come from the hub): ${op.skippedParameters.join(', ')}`);
  const usesInput = op.parameters.length > 0 || op.body !== undefined;
  const call = `await ctx.api.${method}<unknown>(${args.join(', ')})`;
  const shape = '// TODO: shape the answer for the model: the fields it needs, in plain words.';
  const handler = op.notFound
    ? [
        '    try {',
        `      const answer = ${call};`,
        `      ${shape}`,
        '      return JSON.stringify(answer ?? { ok: true });',
        '    } catch (error) {',
        '      // The document declares a 404: say what is missing, in a sentence the model can act on.',
        '      if (error instanceof UpstreamHttpError && error.status === 404) {',
        `        throw new ToolError(\`${notFoundSentence(op)}\`);`,
        '      }',
        '      throw error;',
        '    }',
      ]
    : [`    const answer = ${call};`, `    ${shape}`, '    return JSON.stringify(answer ?? { ok: true });'];
  return [
    `// ${op.toolName}: ${op.method} ${op.path}, generated by \`npm run openapi\` from ${origin}${op.operationId ? ` (${op.operationId})` : ''}.`,
    '// A starting point to curate: sharpen the description for the model, keep the inputs it needs, shape the answer.',
    ...todo.map((line) => `// TODO: ${line}.`),
    ...(inputs.length > 0 ? ["import { z } from 'zod';"] : []),
    `import { ${op.notFound ? 'defineTool, ToolError, UpstreamHttpError' : 'defineTool'} } from '../src/tools';`,
    '',
    'export default defineTool({',
    `  name: ${quote(op.toolName)},`,
    `  description: ${quote(toolDescription(op))},`,
    `  input: {${inputs.length > 0 ? `\n${inputs.join('\n')}\n  ` : ''}},`,
    `  annotations: ${ANNOTATIONS[op.method]},`,
    ...scopesLines(op.scopes.scopes, op.scopes.note),
    `  async handler(${usesInput ? 'input' : '_input'}, ctx) {`,
    ...handler,
    '  },',
    '});',
    '',
  ].join('\n');
}
