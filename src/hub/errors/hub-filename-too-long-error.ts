// A knowledge-base filename over the contract's limit (512 characters, "Limits"); refused before sending.
import { HubError } from './hub-error';

export const MAX_FILENAME_LENGTH = 512;

export class HubFilenameTooLongError extends HubError {
  override name = 'HubFilenameTooLongError';

  constructor(method: string, path: string, readonly length: number) {
    super(
      'HUB_FILENAME_TOO_LONG',
      method,
      path,
      `filename is ${length} characters; the hub allows at most ${MAX_FILENAME_LENGTH}`,
    );
  }
}
