// What a prompt's `get` and a completer receive, and the content blocks a prompt message may carry.
import type { ContentBlock as SdkContentBlock } from '@modelcontextprotocol/server';
import type { Logger } from '../logger';
import type { ApiClient } from '../upstream/api-client';
import type { Caller } from '../upstream/credentials';

export type ContentBlock = SdkContentBlock;

/** A prompts/get or completion/complete request's context: the customer's API with this caller's credentials. */
export interface RequestContext {
  api: ApiClient;
  /** Aborted when the client leaves or the request's deadline passes. */
  signal: AbortSignal;
  caller: Caller;
  log: Logger;
}
