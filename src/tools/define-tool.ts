// `defineTool` is the whole public surface for writing a tool: a name, a description for the model,
// a zod input shape (describe every field), and a handler that returns text or a result. With an
// `output` shape, the handler returns that object instead: clients get it as `structuredContent`
// (checked against `outputSchema`) and, as text, the JSON or the sentence `text` makes of it.
import { fromJsonSchema } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { namingHandler } from './api-name';
import { portableSchema } from './portable-schema';
import type { RawSchemaToolSpec, Tool, ToolSpec } from './tool-types';
import { compilePlacement } from '../upstream/placement';

export type { HandlerReturn, RawSchemaToolSpec, TaskSupport, Tool, ToolAnnotations, ToolSpec } from './tool-types';

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** A zod schema that checks a value against a raw JSON Schema (the SDK's validator: Ajv, 2020-12). */
function rawValidator(schema: { type: 'object'; [key: string]: unknown }): z.ZodType {
  const standard = fromJsonSchema(schema as never)['~standard'];
  return z.any().superRefine((value, ctx) => {
    const checked = standard.validate(value);
    if (checked instanceof Promise) throw new TypeError('A JSON Schema validator answered asynchronously');
    for (const issue of checked.issues ?? []) ctx.addIssue({ code: 'custom', message: issue.message.replace(/^data\/?/, '') || issue.message });
  });
}

/** The JSON Schema of an object shape, without the dialect line (clients assume 2020-12). */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): { type: 'object'; [key: string]: unknown } {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io }) as Record<string, unknown>;
  return portableSchema({ ...rest, type: 'object' }); // no type lists nor propertyNames: every host accepts it
}

export function defineTool<Shape extends z.ZodRawShape, Out extends z.ZodRawShape | undefined = undefined>(spec: ToolSpec<Shape, Out>): Tool;
export function defineTool<Out extends z.ZodRawShape | undefined = undefined>(spec: RawSchemaToolSpec<Out>): Tool;
export function defineTool<Shape extends z.ZodRawShape, Out extends z.ZodRawShape | undefined = undefined>(
  spec: ToolSpec<Shape, Out> | RawSchemaToolSpec<Out>,
): Tool {
  if (!TOOL_NAME.test(spec.name)) {
    throw new TypeError(`Tool name "${spec.name}" must be 1-64 letters, digits, "_" or "-"`);
  }
  if (spec.description.trim() === '') throw new TypeError(`Tool "${spec.name}" needs a description for the model`);
  if (spec.apiName !== undefined && spec.apiName.trim() === '') throw new TypeError(`Tool "${spec.name}" has an empty apiName`);
  // RFC 6749 scope-token: printable ASCII without space, quote or backslash.
  const badScope = spec.scopes?.find((scope) => !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope));
  if (badScope !== undefined) throw new TypeError(`Tool "${spec.name}" has an invalid scope ${JSON.stringify(badScope)}`);
  if (spec.view !== undefined && !spec.view.startsWith('ui://')) throw new TypeError(`Tool "${spec.name}" names a view that is not a ui:// URI`);
  if (spec.text !== undefined && spec.output === undefined) throw new TypeError(`Tool "${spec.name}" has a text formatter but no output shape`);
  if (spec.visibility !== undefined && (spec.visibility.length === 0 || spec.visibility.some((who) => who !== 'model' && who !== 'app'))) {
    throw new TypeError(`Tool "${spec.name}" has a visibility other than a non-empty list of "model" and "app"`);
  }
  if (spec.task !== undefined && spec.task !== 'optional' && spec.task !== 'required') throw new TypeError(`Tool "${spec.name}" has a task other than "optional" or "required"`);
  const raw = 'inputSchema' in spec ? spec.inputSchema : undefined;
  if (raw !== undefined && raw.type !== 'object') throw new TypeError(`Tool "${spec.name}" has an inputSchema whose type is not "object"`);
  const schema = raw ? rawValidator(raw) : z.object((spec as ToolSpec<Shape, Out>).input);
  const outputSchema = spec.output ? z.object(spec.output as z.ZodRawShape) : undefined;
  const descriptor: Tool['descriptor'] = {
    name: spec.name,
    ...(spec.title ? { title: spec.title } : {}),
    description: spec.description,
    // `io: 'input'` describes what the caller may send: fields with defaults are optional.
    inputSchema: raw ?? jsonSchemaOf(schema, 'input'),
    ...(outputSchema ? { outputSchema: jsonSchemaOf(outputSchema, 'output') } : {}),
    ...(spec.annotations ? { annotations: spec.annotations } : {}),
    ...(spec.task ? { execution: { taskSupport: spec.task } } : {}),
  };
  const placement = compilePlacement(spec.credentials, spec.account);
  const ui = { ...(spec.view ? { resourceUri: spec.view } : {}), ...(spec.visibility ? { visibility: [...spec.visibility] } : {}) };
  return Object.freeze({
    name: spec.name,
    descriptor,
    appDescriptor:
      spec.view || spec.visibility ? { ...descriptor, _meta: { ui, ...(spec.view ? { 'ui/resourceUri': spec.view } : {}) } } : descriptor,
    ...(spec.view ? { view: spec.view } : {}),
    forModel: spec.visibility?.includes('model') ?? true,
    ...(spec.task ? { task: spec.task } : {}),
    schema,
    scopes: Object.freeze([...(spec.scopes ?? [])]),
    ...(spec.needsUser === true ? { needsUser: true as const } : {}),
    ...(outputSchema ? { outputSchema } : {}),
    ...(spec.text ? { textOf: spec.text as (output: never) => string } : {}),
    ...(placement ? { placement } : {}),
    handler: spec.apiName === undefined ? (spec.handler as Tool['handler']) : namingHandler(spec.handler as Tool['handler'], spec.apiName),
  });
}
