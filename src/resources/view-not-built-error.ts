// Thrown when a view's HTML has not been built: resources/read answers it as an internal error whose
// message names the fix, and the server logs it.

export class ViewNotBuiltError extends Error {
  override name = 'ViewNotBuiltError';
  readonly code = 'VIEW_NOT_BUILT';
  constructor(
    readonly view: string,
    options?: ErrorOptions,
  ) {
    super(`The view ${view} has not been built: run npm run build`, options);
  }
}
