export { UpstreamError, type UpstreamRequestInfo } from './upstream-error';
export { UpstreamHttpError, UpstreamRefusedError, type UpstreamReason } from './upstream-http-error';
export { UpstreamRetryLaterError } from './upstream-retry-later-error';
export { UpstreamNoCredentialsError } from './upstream-no-credentials-error';
export { UpstreamKeyRefusedError } from './upstream-key-refused-error';
export { UpstreamTimeoutError } from './upstream-timeout-error';
export { UpstreamNetworkError } from './upstream-network-error';
export { UpstreamResponseError, type UpstreamResponseProblem } from './upstream-response-error';
export { InvalidUpstreamRequestError } from './invalid-request-error';
