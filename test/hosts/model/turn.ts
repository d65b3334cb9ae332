// What the scripted model does in one turn, and what it records: the tool result (or the user's message)
// exactly as the host handed it over. Each dialect (anthropic.ts, responses.ts, gemini.ts, chat.ts) reads
// a request into a `Seen` and writes a `Reply` in its own wire format.

/** One turn's script: call a tool, then record its result; or record the user's message (a prompt). */
export type Turn =
  | { call: string; arguments: Record<string, unknown> }
  | { read: 'user-message' };

/** A request, as a dialect read it. */
export interface Seen {
  /** The names of the tools the host offered (as the host named them, prefixes included). */
  tools: string[];
  /** The text of the last tool result in the conversation, when the last message carries one. */
  toolResult?: string;
  /** The text of the last user message. */
  userMessage: string;
}

export type Reply = { call: { id: string; name: string; arguments: Record<string, unknown> } } | { text: string };

export interface Recorded {
  /** What the host handed the model: a tool result's text, or the user's message. */
  text: string;
  /** The tools the host offered with the request that was answered with the call. */
  tools: string[];
}

/** The final answer the model gives once it has recorded what it came for. */
export const FINAL_TEXT = 'Done: the scripted model has what it needed.';

/** The host's name for `tool`: itself, or it with a host prefix (`mcp__orders__x`, `mcp_orders_x`, `orders_x`, `orders-x`). */
export function hostName(tools: readonly string[], tool: string): string | undefined {
  return tools.find((name) => name === tool) ?? tools.find((name) => name.endsWith(`_${tool}`) || name.endsWith(`-${tool}`));
}

/** Text of a content value in any of the dialects' shapes: a string, a list of parts, or JSON. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map(textOf).join('\n');
  if (content !== null && typeof content === 'object') {
    const part = content as Record<string, unknown>;
    if (typeof part.text === 'string') return part.text;
    if ('content' in part) return textOf(part.content);
    return JSON.stringify(content);
  }
  return content === undefined ? '' : String(content);
}
