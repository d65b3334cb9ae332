// The name that error sentences give the customer's API ("The billing system did not answer in time…").
// One name for the server (CUSTOMER_API_NAME), or `apiName` on a tool whose calls reach a system users
// know by another name. Error objects carry no name themselves: the name is attached as the error leaves
// the tool, so the upstream client stays unaware of how failures are worded.
import { UpstreamError } from '../upstream/errors';
import { DEFAULT_API_NAME } from '../upstream/settings';
import type { Tool } from './tool-types';

// Declared with the setting it defaults (CUSTOMER_API_NAME), so configuration needs no tool code.
export { DEFAULT_API_NAME };

const names = new WeakMap<UpstreamError, string>();

/** Names the API in the sentence for `error`, unless a closer wrapper (the tool's own) already did. */
export function nameApi(error: unknown, name: string): void {
  if (error instanceof UpstreamError && !names.has(error)) names.set(error, name);
  // A tool's own error (ToolError) whose cause is the API's refusal: that refusal's words are quoted under this name.
  else if (error instanceof Error && error.cause instanceof UpstreamError) nameApi(error.cause, name);
}

export function apiNameOf(error: UpstreamError): string {
  return names.get(error) ?? DEFAULT_API_NAME;
}

type Handler = Tool['handler'];

/** The handler, with upstream failures leaving it named `name`. */
export function namingHandler(handler: Handler, name: string): Handler {
  return async function namedApiHandler(input, ctx) {
    try {
      return await handler(input, ctx);
    } catch (error) {
      nameApi(error, name);
      throw error;
    }
  };
}

/** The tools with `name` as their API's name where they set none (the entry point applies CUSTOMER_API_NAME). */
export function withApiName(tools: readonly Tool[], name: string): readonly Tool[] {
  if (name === DEFAULT_API_NAME) return tools;
  return tools.map((tool) => Object.freeze({ ...tool, handler: namingHandler(tool.handler, name) }));
}
