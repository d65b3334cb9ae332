// What a handler returned, made into the result a client gets: a declared output checked and sent as
// `structuredContent` (where the client's revision has it) beside its text, the API's JSON text as it
// came, or text and results as they are. A handler's answer that breaks its own schema is a bug: it throws.
import type { z } from 'zod';
import { boundString } from '../logging/bound';
import { textResult, type ToolResult } from './results';
import type { Tool } from './tool-types';

/** "orderId: Invalid input: expected string, received number" for each bad field, so the model can retry. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    // A path may hold the client's own keys (a record's): cut like any echoed input.
    .map((issue) => `${issue.path.length > 0 ? boundString(issue.path.join('.'), 200) : '(arguments)'}: ${issue.message}`)
    .join('; ');
}

/** A handler's JSON text of its output (`as: 'text'`), parsed; text that is not JSON is a bug in the tool. */
export function jsonOutput(tool: Tool, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new TypeError(`Tool ${tool.name} returned text that is not the JSON of its output`);
  }
}

/**
 * A handler's JSON text of its output, without a `text` formatter: that text for the model on every lane,
 * as it came; for a client that receives structuredContent, also parsed and checked (declared fields only).
 * Without structuredContent (the hub) nothing is parsed: only a text that is not a JSON object is refused.
 */
export function jsonTextResult(tool: Tool, schema: z.ZodType, text: string, structured: boolean): ToolResult {
  if (!structured) {
    if (text.charCodeAt(0) !== 123 /* { */) throw new TypeError(`Tool ${tool.name} returned text that is not the JSON of its output`);
    return textResult(text);
  }
  // Checked only: the text for the model is the one that came, never a serialization of the check's copy.
  return { content: [{ type: 'text', text }], structuredContent: checkedOutput(tool, schema, jsonOutput(tool, text)) };
}

/** A handler's output as its schema reads it (declared fields only); one that does not match is a bug in the tool. */
function checkedOutput(tool: Tool, schema: z.ZodType, value: unknown): Record<string, unknown> {
  const checked = schema.safeParse(value);
  if (!checked.success) throw new TypeError(`Tool ${tool.name} returned an answer that does not match its output schema: ${describeIssues(checked.error)}`);
  return checked.data as Record<string, unknown>;
}

/**
 * A declared output becomes `structuredContent`, with text for clients before 2025-06-18 and for the
 * model: the tool's own sentence (`text`) or the same JSON.
 * An answer that does not match its own schema is a bug in the tool: it fails like any other bug.
 */
export function structuredResult(tool: Tool, schema: z.ZodType, value: unknown, structured: boolean): ToolResult {
  const structuredContent = checkedOutput(tool, schema, value);
  const text = tool.textOf ? tool.textOf(structuredContent as never) : JSON.stringify(structuredContent);
  return structured ? { content: [{ type: 'text', text }], structuredContent } : { content: [{ type: 'text', text }] };
}

export function isResult(value: unknown): value is ToolResult {
  return typeof value === 'object' && value !== null && Array.isArray((value as { content?: unknown }).content);
}
