// The hub answered 404 to a file fetch: the user behind the session has no file by that name.
import { HubError, type HubErrorOptions } from './hub-error';

export class HubNotFoundError extends HubError {
  override name = 'HubNotFoundError';

  constructor(method: string, path: string, readonly fileName: string, options: HubErrorOptions = {}) {
    super('HUB_NOT_FOUND', method, path, `the user's library has no file named "${fileName}" (HTTP 404)`, {
      status: 404,
      ...options,
    });
  }
}
