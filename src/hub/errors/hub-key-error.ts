// The hub answered 401: the x-api-key was missing, unknown or revoked. Names the setting to check,
// never the key itself.
import { HubError, type HubErrorOptions } from './hub-error';

export class HubKeyError extends HubError {
  override name = 'HubKeyError';

  constructor(method: string, path: string, readonly envVar: string, options: HubErrorOptions = {}) {
    super('HUB_KEY_REJECTED', method, path, `the hub rejected the key in ${envVar} as missing or invalid (HTTP 401)`, {
      status: 401,
      ...options,
    });
  }
}
