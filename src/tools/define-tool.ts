// `defineTool` is the whole public surface for writing a tool: a name, a description for the model,
// a zod input shape (describe every field), and a handler that returns text or a result.
import { z } from 'zod';
import { namingHandler } from './api-name';
import type { ToolContext } from './context';
import type { ToolResult } from './results';

export type ToolAnnotations = {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
};

export interface ToolSpec<Shape extends z.ZodRawShape> {
  /** Letters, digits, _ and -; at most 64 characters. By convention the file name in tools/. */
  name: string;
  /** Written for the model: what the tool does, when to use it, what it returns. */
  description: string;
  input: Shape;
  annotations?: ToolAnnotations;
  /**
   * How error sentences name the API this tool calls, e.g. "the billing system" (default: CUSTOMER_API_NAME).
   * Set it when this tool's calls reach a system users know by another name.
   */
  apiName?: string;
  /** Return a string for a plain text answer, or a full result (see textResult/errorResult). */
  handler(input: z.output<z.ZodObject<Shape>>, ctx: ToolContext): Promise<string | ToolResult> | string | ToolResult;
}

/** A tool ready to serve: its descriptor and validator are built once, when the file is loaded. */
export interface Tool {
  readonly name: string;
  readonly descriptor: {
    name: string;
    description: string;
    inputSchema: { type: 'object'; [key: string]: unknown };
    annotations?: ToolAnnotations;
  };
  readonly schema: z.ZodType;
  readonly handler: (input: never, ctx: ToolContext) => Promise<string | ToolResult> | string | ToolResult;
}

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function defineTool<Shape extends z.ZodRawShape>(spec: ToolSpec<Shape>): Tool {
  if (!TOOL_NAME.test(spec.name)) {
    throw new TypeError(`Tool name "${spec.name}" must be 1-64 letters, digits, "_" or "-"`);
  }
  if (spec.description.trim() === '') throw new TypeError(`Tool "${spec.name}" needs a description for the model`);
  if (spec.apiName !== undefined && spec.apiName.trim() === '') throw new TypeError(`Tool "${spec.name}" has an empty apiName`);
  const schema = z.object(spec.input);
  // `io: 'input'` describes what the caller may send: fields with defaults are optional.
  const { $schema: _dialect, ...inputSchema } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  return Object.freeze({
    name: spec.name,
    descriptor: {
      name: spec.name,
      description: spec.description,
      inputSchema: { ...inputSchema, type: 'object' as const },
      ...(spec.annotations ? { annotations: spec.annotations } : {}),
    },
    schema,
    handler: spec.apiName === undefined ? (spec.handler as Tool['handler']) : namingHandler(spec.handler as Tool['handler'], spec.apiName),
  });
}
