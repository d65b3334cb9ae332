// `defineTool` is the whole public surface for writing a tool: a name, a description for the model,
// a zod input shape (describe every field), and a handler that returns text or a result. With an
// `output` shape, the handler returns that object instead: clients get it as `structuredContent`
// (checked against `outputSchema`) and, as text, the JSON or the sentence `text` makes of it.
import { fromJsonSchema } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { namingHandler } from './api-name';
import type { ToolContext } from './context';
import type { ToolResult } from './results';

/** Hints for clients (MCP 2025-03-26): never security decisions, the customer's API decides. */
export type ToolAnnotations = {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
};

/**
 * What a handler may return: text or a full result; with `output`, that object, or (without `text`) its
 * JSON as the API sent it (`as: 'text'`), parsed only for clients that receive `structuredContent`.
 */
export type HandlerReturn<Out> = [Out] extends [z.ZodRawShape] ? z.input<z.ZodObject<Out>> | string : string | ToolResult;

export interface ToolSpec<Shape extends z.ZodRawShape, Out extends z.ZodRawShape | undefined = undefined> {
  /** Letters, digits, _ and -; at most 64 characters. By convention the file name in tools/. */
  name: string;
  /** A short human-readable name for clients' menus, e.g. "Get order". */
  title?: string;
  /** Written for the model: what the tool does, when to use it, what it returns. */
  description: string;
  input: Shape;
  /** Declares the shape of the answer (MCP 2025-06-18 `outputSchema`); the handler then returns that object. */
  output?: Out;
  /**
   * With `output`: the text that goes beside `structuredContent`, for the model and for clients that read
   * only text (the hub's lane, hosts before 2025-06-18). Default: the object as JSON.
   */
  text?: [Out] extends [z.ZodRawShape] ? (output: z.output<z.ZodObject<Out>>) => string : never;
  annotations?: ToolAnnotations;
  /**
   * How error sentences name the API this tool calls, e.g. "the billing system" (default: CUSTOMER_API_NAME).
   * Set it when this tool's calls reach a system users know by another name.
   */
  apiName?: string;
  /**
   * OAuth scopes a caller's token must carry to run this tool when `/mcp` serves hosted assistants
   * (MCP_AUTH=oauth, src/auth). Ignored on the hub's lane and with MCP_AUTH=headers, where the customer's
   * API decides. Default: none.
   */
  scopes?: readonly string[];
  /**
   * MCP Apps (issue 26): the `ui://` view a host renders for this tool's results (`defineView`). The tool
   * still answers with text (and `structuredContent` with `output`), so clients without views lose nothing.
   */
  view?: `ui://${string}`;
  /**
   * Who may call the tool where views are shown: `['model', 'app']` (default), or `['app']` for a helper
   * only its view calls, which hosts hide from the model and the hub's lane does not list.
   */
  visibility?: readonly ('model' | 'app')[];
  /**
   * Long-running work (docs/tasks.md): the call may run as a task, which the client polls, where the client
   * can take one (2026-07-28 with the Tasks extension declared, or a 2025-11-25 call asking for a task).
   * 'optional' and 'required' alike run inline for every other client (the hub's lane included); 'required'
   * is what 2025-11-25 clients are told (`execution.taskSupport`). Default: never a task.
   */
  task?: TaskSupport;
  handler(input: z.output<z.ZodObject<Shape>>, ctx: ToolContext): Promise<HandlerReturn<Out>> | HandlerReturn<Out>;
}

/** Whether a tool may run as a task: 'optional' (the client may ask) or 'required' (always, where the client can). */
export type TaskSupport = 'optional' | 'required';

/** A tool ready to serve: its descriptor and validators are built once, when the file is loaded. */
export interface Tool {
  readonly name: string;
  readonly descriptor: {
    name: string;
    title?: string;
    description: string;
    inputSchema: { type: 'object'; [key: string]: unknown };
    outputSchema?: { type: 'object'; [key: string]: unknown };
    annotations?: ToolAnnotations;
    /** 2025-11-25: whether the tool may run as a task (only on tools that declare `task`). */
    execution?: { taskSupport: TaskSupport };
  };
  /** The descriptor where views are shown: `_meta.ui` (and the older `ui/resourceUri`) when the tool has a view. */
  readonly appDescriptor: Tool['descriptor'] & { _meta?: Record<string, unknown> };
  /** The tool's view (`ui://…`), if any. */
  readonly view?: string;
  /** False for a helper only its view calls (visibility `['app']`): absent from lists without views. */
  readonly forModel: boolean;
  /** Whether the tool may run as a task (`task`); undefined: never. */
  readonly task?: TaskSupport;
  readonly schema: z.ZodType;
  /** OAuth scopes required in MCP_AUTH=oauth mode (empty: none). */
  readonly scopes: readonly string[];
  /** Checks the handler's answer when the tool declares an output shape. */
  readonly outputSchema?: z.ZodType;
  /** The text of a structured answer (`text`); JSON when absent. */
  readonly textOf?: (output: never) => string;
  readonly handler: (input: never, ctx: ToolContext) => Promise<unknown> | unknown;
}

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A tool whose input is a raw JSON Schema (2020-12: `$schema`, `$defs`, `$ref`, `additionalProperties`):
 * listed unchanged, validated on each call. The handler gets the arguments as sent.
 */
export type RawSchemaToolSpec<Out extends z.ZodRawShape | undefined = undefined> = Omit<ToolSpec<z.ZodRawShape, Out>, 'input' | 'handler'> & {
  inputSchema: { type: 'object'; [key: string]: unknown };
  handler(input: Record<string, unknown>, ctx: ToolContext): Promise<HandlerReturn<Out>> | HandlerReturn<Out>;
};

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
  return { ...rest, type: 'object' };
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
    ...(outputSchema ? { outputSchema } : {}),
    ...(spec.text ? { textOf: spec.text as (output: never) => string } : {}),
    handler: spec.apiName === undefined ? (spec.handler as Tool['handler']) : namingHandler(spec.handler as Tool['handler'], spec.apiName),
  });
}
