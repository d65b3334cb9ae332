// The hub client's error classes; callers match on `instanceof` or on the stable `code`.
export { HubError, type HubErrorOptions } from './hub-error';
export { HubNotFoundError } from './hub-not-found-error';
export { HubKeyError } from './hub-key-error';
export { HubPermissionError } from './hub-permission-error';
export { HubNotConfiguredError } from './hub-not-configured-error';
export { HubStatusError } from './hub-status-error';
export { HubFilenameTooLongError, MAX_FILENAME_LENGTH } from './hub-filename-too-long-error';
export { HubNetworkError } from './hub-network-error';
export { HubResponseTooLargeError } from './hub-response-too-large-error';
