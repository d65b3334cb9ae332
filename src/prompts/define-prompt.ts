// `definePrompt` declares one MCP prompt as simply as `defineTool` declares a tool: a name, a description,
// string arguments as a zod shape (each may complete its values: `completable`), and a `get` that returns
// the prompt's messages. Listed by prompts/list, answered by prompts/get (src/mcp/core/prompts.ts).
import { z } from 'zod';
import type { ContentBlock, RequestContext } from './types';

/** One message of a prompt: text, an image, audio, an embedded resource or a resource link. */
export interface PromptMessage {
  role: 'user' | 'assistant';
  content: ContentBlock;
}

/** What `get` returns: a sentence (one user message), the messages, or both with a description. */
export type PromptAnswer = string | readonly PromptMessage[] | { description?: string; messages: readonly PromptMessage[] };

/** The values a client's partial input may complete to; `context` holds the other arguments already given. */
export type Completer = (value: string, ctx: RequestContext, context: Readonly<Record<string, string>>) => Promise<readonly string[]> | readonly string[];

const completers = new WeakMap<z.ZodType, Completer>();

/** Marks a prompt argument (or a template variable's schema) as completing its values: `completable(z.string(), fn)`. */
export function completable<T extends z.ZodType>(schema: T, complete: Completer): T {
  completers.set(schema, complete);
  return schema;
}

/** A schema's description, looked through `.optional()` and `.default()`. */
function descriptionOf(schema: z.ZodType): string | undefined {
  if (schema.description) return schema.description;
  return schema instanceof z.ZodOptional || schema instanceof z.ZodDefault ? descriptionOf(schema.unwrap() as z.ZodType) : undefined;
}

/** The completer of an argument's schema, if it has one (looked through `.optional()`). */
export function completerOf(schema: z.ZodType): Completer | undefined {
  const found = completers.get(schema);
  if (found) return found;
  return schema instanceof z.ZodOptional || schema instanceof z.ZodDefault ? completerOf(schema.unwrap() as z.ZodType) : undefined;
}

export type PromptArguments = Record<string, z.ZodType<string | undefined, string | undefined>>;

export interface PromptSpec<Args extends PromptArguments> {
  /** Letters, digits, _ and -; at most 64 characters. Hosts show it as a slash command. */
  name: string;
  title?: string;
  /** Written for the user picking it: what the prompt asks the assistant to do. */
  description: string;
  /** String arguments (MCP prompt arguments are strings); `.optional()` for an optional one. */
  arguments?: Args;
  /** OAuth scopes a caller's token must carry to get it on `/mcp` with MCP_AUTH=oauth. Default: none. */
  scopes?: readonly string[];
  get(args: z.output<z.ZodObject<Args>>, ctx: RequestContext): Promise<PromptAnswer> | PromptAnswer;
}

export interface PromptDescriptor {
  name: string;
  title?: string;
  description: string;
  arguments?: { name: string; description?: string; required: boolean }[];
}

/** A prompt ready to serve: its listing and validator built once, when the file is loaded. */
export interface Prompt {
  readonly name: string;
  readonly descriptor: PromptDescriptor;
  readonly scopes: readonly string[];
  readonly schema: z.ZodType;
  /** Each argument's completer, by name. */
  readonly completers: ReadonlyMap<string, Completer>;
  readonly get: (args: never, ctx: RequestContext) => Promise<PromptAnswer> | PromptAnswer;
}

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function definePrompt<Args extends PromptArguments = Record<never, never>>(spec: PromptSpec<Args>): Prompt {
  if (!NAME.test(spec.name)) throw new TypeError(`Prompt name "${spec.name}" must be 1-64 letters, digits, "_" or "-"`);
  if (spec.description.trim() === '') throw new TypeError(`Prompt "${spec.name}" needs a description`);
  const shape = (spec.arguments ?? {}) as PromptArguments;
  const args = Object.entries(shape).map(([name, schema]) => ({
    name,
    ...(descriptionOf(schema) ? { description: descriptionOf(schema) } : {}),
    required: !schema.safeParse(undefined).success,
  }));
  const descriptor: PromptDescriptor = Object.freeze({
    name: spec.name,
    ...(spec.title ? { title: spec.title } : {}),
    description: spec.description,
    ...(args.length > 0 ? { arguments: args } : {}),
  });
  const completersByName = new Map<string, Completer>();
  for (const [name, schema] of Object.entries(shape)) {
    const completer = completerOf(schema);
    if (completer) completersByName.set(name, completer);
  }
  return Object.freeze({
    name: spec.name,
    descriptor,
    scopes: Object.freeze([...(spec.scopes ?? [])]),
    schema: z.object(shape),
    completers: completersByName,
    get: spec.get as Prompt['get'],
  });
}
