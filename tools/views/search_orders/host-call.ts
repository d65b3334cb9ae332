// A tool call through the host, its outcomes told apart: the tool's answer; the tool's own error (isError:
// a sentence for the user, the call did run); or no answer at all (the host refused, the network failed,
// the sign-in expired), when whether the tool ran is unknown. Nothing here throws.
import type { App } from '@modelcontextprotocol/ext-apps';

export interface ToolAnswer {
  content?: Array<{ type: string; text?: string }>;
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
}

export type Outcome =
  | { kind: 'answer'; result: ToolAnswer }
  | { kind: 'error'; text: string }
  | { kind: 'no-answer'; reason: string };

/** The text parts of a result, joined: what the model reads, and what a view shows when it has nothing else. */
export const textOf = (result: ToolAnswer) => (result.content ?? []).map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('\n');

/** How long the view waits for the host's answer before saying so (the host's own limit may be longer). */
const WAIT_MS = 30_000;

export async function callTool(app: App, name: string, args: Record<string, unknown>): Promise<Outcome> {
  try {
    const result = (await app.callServerTool({ name, arguments: args }, { timeout: WAIT_MS })) as ToolAnswer;
    return result.isError ? { kind: 'error', text: textOf(result) } : { kind: 'answer', result };
  } catch (error) {
    return { kind: 'no-answer', reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Replaces a panel's content with a message and, when given, a button that acts on it (retry, check). */
export function say(panel: HTMLElement, kind: 'note' | 'error' | 'ok', text: string, action?: { label: string; run(): void }): void {
  panel.hidden = false;
  panel.dataset.state = kind;
  const message = document.createElement('span');
  message.className = 'message';
  message.textContent = text;
  panel.replaceChildren(message);
  if (action) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = action.label;
    button.addEventListener('click', () => action.run(), { once: true });
    panel.append(' ', button);
  }
}
