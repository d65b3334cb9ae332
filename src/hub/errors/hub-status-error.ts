// Any other non-success answer from the hub; carries the status ("anything else to an error
// carrying the status").
import { HubError, type HubErrorOptions } from './hub-error';

export class HubStatusError extends HubError {
  override name = 'HubStatusError';

  constructor(method: string, path: string, status: number, options: HubErrorOptions = {}) {
    const detail = options.hubCode === undefined ? `HTTP ${status}` : `HTTP ${status} (${options.hubCode})`;
    super('HUB_HTTP_ERROR', method, path, `the hub answered ${detail}`, { ...options, status });
  }
}
