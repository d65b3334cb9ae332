// The tool's side of its client: `ctx.log(level, data)` (notifications/message), `ctx.elicit` (a question
// to the user, a form or a URL to open) and `ctx.sample` (a completion from the client's model). Where the
// client cannot be reached or asked (the hub's lane, a client without the capability) they resolve to an
// `unsupported` outcome the tool handles; nothing of an answer is logged.
import type { Logger } from '../logger';
import { ClientRequestError, type ClientLink } from '../protocol/client-link';
import { isLogLevel, passes, type LogLevel } from '../protocol/log-levels';
import { forClientLog } from '../logging/client-data';
import type { ElicitOutcome, ElicitRequest, SampleOutcome, SampleRequest } from './client-request-types';
import { nextStep, type Asker, type Unanswered } from './next-step';

export type { ElicitOutcome, ElicitRequest, FormSchema, SampleOutcome, SampleRequest } from './client-request-types';

/** `ctx.log('info', 'Read 3 of 10 pages')` tells the client; `ctx.log.info(...)` writes the server's own log. */
export type ClientLog = ((level: LogLevel, data: unknown) => void) & Logger;

/** A log function that tells the client (at or above its level) and keeps the server logger's methods. */
export function clientLog(link: ClientLink | undefined, logger: Logger, tool: string): ClientLog {
  const send = (level: LogLevel, data: unknown): void => {
    if (!isLogLevel(level)) throw new TypeError(`ctx.log: "${String(level)}" is not an MCP log level`);
    if (link === undefined || !passes(level, link.logLevel)) return;
    link.notify('notifications/message', { level, logger: tool, data: forClientLog(data) });
  };
  return Object.setPrototypeOf(send, logger) as ClientLog;
}

function unsupported(error: unknown): { action: 'unsupported'; reason: string } {
  if (error instanceof ClientRequestError) return { action: 'unsupported', reason: error.reason === 'timeout' ? 'the client did not answer in time' : `the client could not answer (${error.message})` };
  throw error;
}

/** `ctx.elicit` of the tool `asker`: every outcome but an answer carries the sentence that goes on without one. */
export async function elicit(link: ClientLink | undefined, request: ElicitRequest, asker: Asker): Promise<ElicitOutcome> {
  const outcome = await ask(link, request);
  if (outcome.action === 'accept') return outcome;
  return { ...outcome, nextStep: nextStep(request, outcome.action satisfies Unanswered, asker) };
}

type Asked = { action: 'accept'; content: Record<string, unknown> } | { action: 'decline' | 'cancel' } | { action: 'unsupported'; reason: string };

async function ask(link: ClientLink | undefined, request: ElicitRequest): Promise<Asked> {
  if (link?.request === undefined) return { action: 'unsupported', reason: 'this client cannot be asked questions' };
  const params =
    request.mode === 'url'
      ? { mode: 'url', message: request.message, url: request.url, elicitationId: request.elicitationId }
      : { message: request.message, requestedSchema: request.schema };
  let result: Record<string, unknown>;
  try {
    result = await link.request('elicitation/create', params);
  } catch (error) {
    if (error instanceof ClientRequestError && error.reason === 'ended') throw error;
    return unsupported(error);
  }
  const { action, content } = result;
  if (action === 'accept') return { action, content: typeof content === 'object' && content !== null ? (content as Record<string, unknown>) : {} };
  if (action === 'decline' || action === 'cancel') return { action };
  return { action: 'unsupported', reason: 'the client answered with an unknown action' };
}

export async function sample(link: ClientLink | undefined, request: SampleRequest): Promise<SampleOutcome> {
  if (link?.request === undefined) return { action: 'unsupported', reason: 'this client cannot be asked for a completion' };
  let result: Record<string, unknown>;
  try {
    result = await link.request('sampling/createMessage', { ...request });
  } catch (error) {
    if (error instanceof ClientRequestError && error.reason === 'ended') throw error;
    return unsupported(error);
  }
  const { role, content, model, stopReason } = result;
  if (typeof content !== 'object' || content === null) return { action: 'unsupported', reason: 'the client answered without content' };
  return {
    action: 'sampled',
    role: typeof role === 'string' ? role : 'assistant',
    content: content as Record<string, unknown>,
    model: typeof model === 'string' ? model : 'unknown',
    ...(typeof stopReason === 'string' ? { stopReason } : {}),
  };
}
