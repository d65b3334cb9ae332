// A hub feature was used but its key is not configured: the feature is off ("Configuration").
// Thrown before any request is sent.
import { HubError } from './hub-error';

export class HubNotConfiguredError extends HubError {
  override name = 'HubNotConfiguredError';

  constructor(method: string, path: string, readonly envVar: string) {
    super('HUB_NOT_CONFIGURED', method, path, `this hub feature is not configured: set ${envVar}`);
  }
}
