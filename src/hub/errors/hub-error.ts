// Base class of every error the hub client throws. Messages name the method and path and never
// carry a key, a token or a response body; the original failure, if any, is kept in `cause`.

export interface HubErrorOptions {
  /** HTTP status the hub answered with; absent when no answer arrived. */
  status?: number;
  /** Error code from the hub's JSON error body, when it sent one (emulator: `error.code`). */
  hubCode?: string;
  cause?: unknown;
}

export class HubError extends Error {
  override name = 'HubError';
  /** Stable, machine-readable code, e.g. `HUB_NOT_FOUND`. */
  readonly code: string;
  readonly status: number | undefined;
  readonly method: string;
  readonly path: string;
  readonly hubCode: string | undefined;

  constructor(code: string, method: string, path: string, detail: string, options: HubErrorOptions = {}) {
    super(`${method} ${path}: ${detail}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.method = method;
    this.path = path;
    this.status = options.status;
    this.hubCode = options.hubCode;
  }
}
