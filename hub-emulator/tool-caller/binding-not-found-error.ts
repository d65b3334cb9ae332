// A tool call for a wsId that has no binding, or whose binding was invalidated (/emulator/call: 404).
export class BindingNotFoundError extends Error {
  override name = 'BindingNotFoundError';
  readonly code = 'BINDING_NOT_FOUND';
}
