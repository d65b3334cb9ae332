// The hub answered 403: the key is valid but lacks the scope this endpoint needs
// (contract, "Scoped API key": one permission per key).
import { HubError, type HubErrorOptions } from './hub-error';

export class HubPermissionError extends HubError {
  override name = 'HubPermissionError';

  constructor(method: string, path: string, readonly scope: string, options: HubErrorOptions = {}) {
    super('HUB_PERMISSION_DENIED', method, path, `the key lacks the ${scope} permission (HTTP 403)`, {
      status: 403,
      ...options,
    });
  }
}
