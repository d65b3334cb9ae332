// The hub's answer (e.g. a fetched file) is larger than the client's cap; the rest was not read.
import { HubError } from './hub-error';

export class HubResponseTooLargeError extends HubError {
  override name = 'HubResponseTooLargeError';

  constructor(method: string, path: string, readonly maxBytes: number) {
    super('HUB_TOO_LARGE', method, path, `the hub's answer is larger than ${maxBytes} bytes`);
  }
}
