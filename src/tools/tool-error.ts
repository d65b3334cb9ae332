// Thrown by a tool (or a helper it calls) to end the call with a message written for the model.
// Use it for expected outcomes the model should explain, e.g. "There is no order with id 42."
export class ToolError extends Error {
  override name = 'ToolError';
  readonly code = 'TOOL_ERROR';
  constructor(
    /** Shown to the model as is: a plain sentence with a next step, nothing from upstream bodies. */
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
