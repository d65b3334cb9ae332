// Everything a tool file needs: `import { defineTool, ToolError, UpstreamHttpError } from '../src/tools';`
// Test helpers are in './testing' (startFakeApi, startToolServer).
export { defineTool, type Tool, type ToolSpec, type ToolAnnotations, type TaskSupport } from './define-tool';
export { ToolError } from './tool-error';
export { textResult, errorResult, type ToolResult } from './results';
export { DEFAULT_API_NAME, withApiName } from './api-name';
export type { ToolContext, UserFiles, LibraryFile } from './context';
export type { ClientLog, ElicitRequest, ElicitOutcome, FormSchema, SampleRequest, SampleOutcome } from './client-requests';
export type { ApiClient, ApiRequestOptions, HttpMethod } from '../upstream/api-client';
export type { Caller } from '../upstream/credentials';
export {
  UpstreamError,
  UpstreamHttpError,
  UpstreamRefusedError,
  UpstreamRetryLaterError,
  UpstreamNoCredentialsError,
  UpstreamKeyRefusedError,
  UpstreamTimeoutError,
  UpstreamNetworkError,
  UpstreamResponseError,
  InvalidUpstreamRequestError,
  type UpstreamRequestInfo,
  type UpstreamResponseProblem,
  type UpstreamReason,
} from '../upstream/errors';
export { HubError, HubNotFoundError } from '../hub/errors';
