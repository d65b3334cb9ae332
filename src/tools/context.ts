// What a tool handler receives besides its input. Built per call from the headers of that call's POST;
// a tool never reads headers or process.env itself.
import type { ClientLog, ElicitOutcome, ElicitRequest, SampleOutcome, SampleRequest } from './client-requests';
import type { ApiClient } from '../upstream/api-client';
import type { Caller } from '../upstream/credentials';

/** A file from the user's library. */
export interface LibraryFile {
  name: string;
  content: Buffer;
  contentType: string | undefined;
}

/** The user's file library at the hub, bound to the current call's X-Session-Id (contract: MCP file access). */
export interface UserFiles {
  /** False where this server has no library (HUB_URL unset): fetch and upload then fail; hand files back in the result instead. */
  readonly available: boolean;
  fetch(name: string): Promise<LibraryFile>;
  upload(name: string, content: Buffer | string, contentType?: string): Promise<{ name: string }>;
}

/** `ctx.progress(done, total?, message?)`: e.g. `ctx.progress(3, 10, 'Read 3 of 10 pages')`. */
export type ProgressReporter = (progress: number, total?: number, message?: string) => void;

export interface ToolContext {
  /** The customer's API, with this caller's credentials attached to every request. */
  api: ApiClient;
  /** The user's file library at the hub. */
  files: UserFiles;
  /**
   * `ctx.log('info', data)` tells the client's log (notifications/message, where the client can receive
   * it and asked for that level); `ctx.log.info(...)` is the server's own logger (pino) carrying the tool
   * name and request id. Never log credentials or whole payloads.
   */
  log: ClientLog;
  /** Aborted when the hub's stream closes or the call is cancelled; pass it to any other I/O. */
  signal: AbortSignal;
  /** Who is calling, for logging and tenant routing only: never for authorization decisions. */
  caller: Caller;
  /** Tells the client how far a long call has got; does nothing when the client did not ask for progress. */
  progress: ProgressReporter;
  /**
   * A sentence on where the work stands ("Exported 2,000 of 9,500 orders"): the task's `statusMessage`
   * when the call runs as a task (docs/tasks.md); otherwise nothing is sent. Never a secret.
   */
  status(message: string): void;
  /**
   * Asks the user (a form, or a URL to open) through the client. Resolves to `unsupported` where the client
   * cannot be asked (the hub's lane, no capability): handle it, e.g. with the question in the result's text.
   */
  elicit(request: ElicitRequest): Promise<ElicitOutcome>;
  /** Asks the client's model for a completion; `unsupported` where the client cannot be asked. */
  sample(request: SampleRequest): Promise<SampleOutcome>;
}
