// The prompts one core offers, and argument completion (completion/complete) for prompts and resource
// templates: prompts/list built once, prompts/get by name with its arguments checked, and each completer
// bounded to 100 values. The core asks it; with no prompt and no completer the methods do not exist.
import type { z } from 'zod';
import type { Completer, Prompt, PromptAnswer, PromptDescriptor, PromptMessage } from './define-prompt';
import type { RequestContext } from './types';

/** MCP caps a completion at 100 values (`total` and `hasMore` say what was left out). */
export const MAX_COMPLETIONS = 100;

export interface CompletionAnswer {
  values: string[];
  total?: number;
  hasMore: boolean;
}

export interface PromptSet {
  /** Prompts offered; 0 means prompts/* do not exist. */
  readonly size: number;
  /** Whether any prompt argument or template variable completes (completion/complete exists). */
  readonly completes: boolean;
  readonly list: { readonly prompts: readonly PromptDescriptor[] };
  /** The prompt named `name`, or undefined. */
  find(name: string): Prompt | undefined;
  /** Runs a prompt's `get` on arguments already checked by its schema. */
  render(prompt: Prompt, args: unknown, ctx: RequestContext): Promise<{ description?: string; messages: PromptMessage[] }>;
  /** The completer of a prompt's argument or a template variable, or undefined. */
  completer(ref: { type: 'prompt'; name: string } | { type: 'template'; uriTemplate: string }, argument: string): Completer | undefined;
  /** Runs a completer and caps its answer. */
  complete(completer: Completer, value: string, ctx: RequestContext, context: Readonly<Record<string, string>>): Promise<CompletionAnswer>;
}

export interface PromptSetOptions {
  prompts?: readonly Prompt[];
  /** Completers of resource-template variables, by template then variable name. */
  templateCompleters?: ReadonlyMap<string, ReadonlyMap<string, Completer>>;
}

function messagesOf(answer: PromptAnswer): { description?: string; messages: PromptMessage[] } {
  if (typeof answer === 'string') return { messages: [{ role: 'user', content: { type: 'text', text: answer } }] };
  if (Array.isArray(answer)) return { messages: [...(answer as readonly PromptMessage[])] };
  const { description, messages } = answer as { description?: string; messages: readonly PromptMessage[] };
  return { ...(description ? { description } : {}), messages: [...messages] };
}

export function createPromptSet({ prompts = [], templateCompleters = new Map() }: PromptSetOptions = {}): PromptSet {
  const byName = new Map<string, Prompt>();
  for (const prompt of prompts) {
    if (byName.has(prompt.name)) throw new TypeError(`Two prompts are named "${prompt.name}"`);
    byName.set(prompt.name, prompt);
  }
  const completes = prompts.some((prompt) => prompt.completers.size > 0) || [...templateCompleters.values()].some((byVar) => byVar.size > 0);
  return {
    size: prompts.length,
    completes,
    list: Object.freeze({ prompts: Object.freeze(prompts.map((prompt) => prompt.descriptor)) }),
    find: (name) => byName.get(name),
    async render(prompt, args, ctx) {
      return messagesOf(await prompt.get(args as never, ctx));
    },
    completer(ref, argument) {
      if (ref.type === 'prompt') return byName.get(ref.name)?.completers.get(argument);
      return templateCompleters.get(ref.uriTemplate)?.get(argument);
    },
    async complete(completer, value, ctx, context) {
      const all = await completer(value, ctx, context);
      if (!Array.isArray(all) || all.some((item) => typeof item !== 'string')) throw new TypeError('A completer returned something other than a list of strings');
      const values = all.slice(0, MAX_COMPLETIONS);
      return { values, total: all.length, hasMore: all.length > values.length };
    },
  };
}

export const NO_PROMPTS: PromptSet = createPromptSet();

/** The argument schema's first issue as a sentence, for a -32602 answer. */
export function describeArguments(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.').slice(0, 200) : '(arguments)'}: ${issue.message}`).join('; ');
}
