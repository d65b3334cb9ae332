// The shapes of a tool's questions to its client (`ctx.elicit`, `ctx.sample`) and of their outcomes, in a
// module of their own so that what builds them (client-requests.ts) and what words them (next-step.ts)
// both sit above it.

/** A JSON Schema of primitive fields for a form (MCP elicitation's `requestedSchema`). */
export interface FormSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
}

export type ElicitRequest =
  | { mode?: 'form'; message: string; schema: FormSchema }
  /** A flow the user finishes in a browser (sign-in, payment): the client opens `url`. */
  | { mode: 'url'; message: string; url: string; elicitationId: string };

export type ElicitOutcome =
  | { action: 'accept'; content: Record<string, unknown> }
  /**
   * No answer: the user (or a headless host, at once) declined or closed the question. `nextStep` is a
   * sentence for the model: the question, its choices and how to call the tool again with the answer.
   */
  | { action: 'decline' | 'cancel'; nextStep: string }
  /** The client cannot be asked (or answered with an error): `nextStep` puts the question in the result's text. */
  | { action: 'unsupported'; reason: string; nextStep: string };

export interface SampleRequest {
  messages: { role: 'user' | 'assistant'; content: Record<string, unknown> }[];
  maxTokens: number;
  systemPrompt?: string;
  temperature?: number;
  modelPreferences?: Record<string, unknown>;
}

export type SampleOutcome =
  | { action: 'sampled'; role: string; content: Record<string, unknown>; model: string; stopReason?: string }
  | { action: 'unsupported'; reason: string };
