// The source of one generated tool: zod inputs from the operation's parameters and JSON body, the call
// through ctx.api with path, query and header parameters serialized as the document says (style, explode)
// by src/tools/openapi-params, annotations from the method.
import { notFoundText } from '../scaffold/describe';
import { scopesLines } from '../scaffold/scopes';
import { literal, quote } from '../new-tool/template';
import type { Operation, Parameter } from './operations';
import { typesOf, type Schema } from './schema';
import { toZod, type Prune } from './to-zod';
import { annotationsFor, baseDescription } from './wording';
import { credentialLines } from './credential-notes';

/** A path parameter that is a string is never empty: an empty segment would change the path. */
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

/** The parameters as the serializer reads them: defaults left out, so each line says only what the document says. */
function wireLiteral(parameter: Parameter): string {
  const fields = [`name: ${quote(parameter.name)}`, `key: ${quote(parameter.key)}`, `in: ${quote(parameter.in)}`];
  if (parameter.style !== undefined) fields.push(`style: ${quote(parameter.style)}`);
  if (parameter.explode !== undefined) fields.push(`explode: ${String(parameter.explode)}`);
  if (parameter.allowReserved) fields.push('allowReserved: true');
  return `  { ${fields.join(', ')} },`;
}

/** The body argument: the JSON value, the form-encoded string (with its encoding when the document gives one), or the multipart FormData. */
function bodyArgument(op: Operation): string {
  if (!op.body) return '';
  if (op.body.kind === 'json' || op.body.kind === 'text') return 'input.body';
  if (op.body.kind === 'multipart') {
    const parts = Object.keys(op.body.parts ?? {}).length > 0 ? `, ${literal(op.body.parts)}` : '';
    const form = `await multipartBody(ctx.files, input.body${parts})`;
    return op.body.required ? form : `input.body === undefined ? undefined : ${form}`;
  }
  const encoding = Object.keys(op.body.encoding).length > 0 ? `, ${JSON.stringify(op.body.encoding)}` : '';
  return op.body.required ? `formBody(input.body${encoding})` : `input.body === undefined ? undefined : formBody(input.body${encoding})`;
}

export interface Wording {
  description: string;
  annotations: string;
  /** How far the inputs are pruned to fit the size budget (see ./size-budget). */
  prune?: Prune;
}

/** Marks the part of a generated tool that `npm run openapi -- --update` keeps as the fork wrote it. */
export const FORK_BEGIN = '// openapi:fork-begin: `npm run openapi -- --update` keeps what is written between this line and openapi:fork-end.';
export const FORK_END = '// openapi:fork-end';

/** A path parameter the document leaves undescribed still tells the model what it is. */
function parameterDescription(op: Operation, parameter: Parameter): string | undefined {
  if (parameter.description?.trim() || parameter.schema.description?.trim() || parameter.in !== 'path') return parameter.description;
  const words = parameter.name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return `The ${words} in the path ${op.path}.`;
}

/** The `input: { … }` lines: each parameter, then the body. */
export function inputLines(op: Operation, prune: Prune = {}): string[] {
  const inputs = op.parameters.map((p) => `    ${prop(p.key)}: ${toZod(inputSchema(p), 0, new Set(), !p.required, parameterDescription(op, p), prune)},`);
  if (op.body) {
    const sent = { json: 'sent as JSON', form: 'sent form-encoded', multipart: 'sent as multipart/form-data (an upload)', text: `sent as ${op.body.mediaType ?? 'text'}` }[op.body.kind];
    const description = op.body.description ?? `The request body, ${sent}.`;
    inputs.push(`    body: ${toZod(op.body.schema, 0, new Set(), !op.body.required, description, prune)},`);
  }
  return inputs;
}

/** The tool file; `wording` comes from the whole document (distinct descriptions), or from the operation alone. */
export function toolSource(
  op: Operation,
  origin: string,
  { description, annotations, prune }: Wording = { description: baseDescription(op), annotations: annotationsFor(op).annotations },
): string {
  const todo: string[] = [];
  const inputs = inputLines(op, prune);
  const hasWire = op.parameters.length > 0;
  const options = [
    ...(hasWire ? ['...wire(input)'] : []),
    ...(op.body?.kind === 'form' ? ["contentType: 'application/x-www-form-urlencoded'"] : []),
    ...(op.body?.kind === 'text' ? [`contentType: ${quote(op.body.mediaType ?? 'text/plain')}`] : []),
    // A JSON answer declared under another media type: taken as text, parsed by jsonAnswer (src/tools/json-answer);
    // a text answer (XML, CSV) is handed to the model as it came.
    ...(op.answerType || op.answerText ? ["as: 'text'"] : []),
  ];
  const optionText = options.length === 0 ? '' : options.length === 1 && hasWire ? 'wire(input)' : `{ ${options.join(', ')} }`;
  const method = op.method.toLowerCase();
  const args = [quote(op.apiPath), ...(op.body ? [bodyArgument(op)] : []), ...(optionText ? [optionText] : [])];
  if (!op.body && (op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH') && optionText) args.splice(1, 0, 'undefined');
  if (op.skippedParameters.length > 0) todo.push(`not inputs (credentials come from the hub; cookies are not sent): ${op.skippedParameters.join(', ')}`);
  // What the reading decided (optional secrets left out, bracket notation, settings to add): also in the generator's review notes.
  todo.push(...op.notes);
  if (op.secrets.length > 0) todo.push(`takes a secret as input (${op.secrets.join(', ')}): the model will ask the user for it in the chat; prefer a credential the hub sends`);
  const imports = [
    ...(hasWire ? ['openApiParameters'] : []),
    ...(op.body?.kind === 'form' ? ['formBody'] : []),
  ];
  const wire = hasWire
    ? [
        '',
        '/** Each parameter as the document declares it: the serializer sends it in the style it names (form, label, matrix, …). */',
        `const wire = openApiParameters(${quote(op.path)}, [`,
        ...op.parameters.map(wireLiteral),
        ']);',
      ]
    : [];
  const usesInput = op.parameters.length > 0 || op.body !== undefined;
  // ctx.api.get and .delete take no body; a document may still give one (e.g. a DELETE with a JSON body).
  const bodyless = op.body !== undefined && (op.method === 'GET' || op.method === 'DELETE');
  const requestOptions = `{ ${[...(hasWire ? ['...wire(input)'] : []), `body: ${bodyArgument(op)}`, ...options.filter((o) => !o.startsWith('...wire'))].join(', ')} }`;
  // The text as received: a string (jsonAnswer types the JSON it parses itself).
  const typed = op.answerText ? '<string>' : op.answerType ? '' : '<unknown>';
  const sent = bodyless
    ? `await ctx.api.request${typed}('${op.method}', ${quote(op.apiPath)}, ${requestOptions})`
    : `await ctx.api.${method}${typed}(${args.join(', ')})`;
  const call = op.answerType ? `jsonAnswer(${sent})` : sent;
  const shape = '// TODO: shape the answer for the model: the fields it needs, in plain words.';
  // A text answer is the answer; an empty one says the call went through, as a JSON tool's does.
  const done = op.answerText ? "answer || JSON.stringify({ ok: true })" : 'JSON.stringify(answer ?? { ok: true })';
  const handler = op.notFound
    ? [
        '    try {',
        `      const answer = ${call};`,
        `      ${FORK_BEGIN}`,
        `      ${shape}`,
        `      return ${done};`,
        `      ${FORK_END}`,
        '    } catch (error) {',
        "      // The document declares a 404: say what is missing, in a sentence the model can act on (the API's reason follows it).",
        '      if (error instanceof UpstreamHttpError && error.status === 404) {',
        `        throw new ToolError(\`${notFoundSentence(op)}\`, { cause: error });`,
        '      }',
        '      throw error;',
        '    }',
      ]
    : [`    const answer = ${call};`, `    ${FORK_BEGIN}`, `    ${shape}`, `    return ${done};`, `    ${FORK_END}`];
  return [
    `// ${op.toolName}: ${op.method} ${op.path}, generated by \`npm run openapi\` from ${origin}${op.operationId ? ` (${op.operationId})` : ''}.`,
    '// A starting point to curate: sharpen the description for the model, keep the inputs it needs, shape the answer.',
    ...todo.map((line) => `// TODO: ${line}.`),
    ...(inputs.length > 0 ? ["import { z } from 'zod';"] : []),
    `import { ${op.notFound ? 'defineTool, ToolError, UpstreamHttpError' : 'defineTool'} } from '../src/tools';`,
    ...(imports.length > 0 ? [`import { ${imports.join(', ')} } from '../src/tools/openapi-params';`] : []),
    ...(op.body?.kind === 'multipart' ? ["import { multipartBody } from '../src/tools/multipart-body';"] : []),
    ...(op.answerType ? ["import { jsonAnswer } from '../src/tools/json-answer';"] : []),
    ...(op.toolset ? ["import { inToolset } from '../src/tools/toolsets';"] : []),
    ...wire,
    '',
    // TOOLSETS chooses the toolsets a deployment serves (docs/tools.md, "Toolsets").
    op.toolset ? `export default inToolset(${quote(op.toolset)}, defineTool({` : 'export default defineTool({',
    `  name: ${quote(op.toolName)},`,
    `  description: ${quote(description)},`,
    `  input: {${inputs.length > 0 ? `\n${inputs.join('\n')}\n  ` : ''}},`,
    `  annotations: ${annotations},`,
    ...scopesLines(op.scopes.scopes, op.scopes.note),
    ...credentialLines(op),
    `  async handler(${usesInput ? 'input' : '_input'}, ctx) {`,
    ...handler,
    '  },',
    op.toolset ? '}));' : '});',
    '',
  ].join('\n');
}
