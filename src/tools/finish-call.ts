// The end of every tool call: one log line whose level says who should look (info: the call did what it
// could; warn: the customer API or the hub failed, timed out or could not be reached; error: a bug or a
// misconfiguration, with the error), the call's metrics, and the end of its span.
import type { Logger } from '../logger';
import { classifyOutcome, type CallSpan, type ToolMetrics } from '../telemetry';
import type { Caller } from '../upstream/credentials';
import type { ToolResult } from './results';

export interface CallEnd {
  logger: Logger;
  metrics: ToolMetrics;
  span: CallSpan | undefined;
  tool: string;
  caller: Caller;
  /** The outcome code: OK, TOOL_ERROR, INVALID_ARGUMENTS, CANCELLED, UPSTREAM_HTTP_503, UPSTREAM_TIMEOUT... */
  outcome: string;
  upstreamStatus: number | undefined;
  /** performance.now() when the call began. */
  started: number;
  /** Set for unexpected failures only: logged in full (never shown to the model). */
  error: unknown;
}

export function finishCall(result: ToolResult, end: CallEnd): ToolResult {
  const ms = performance.now() - end.started;
  const unexpected = end.error !== undefined;
  const { outcome, level } = classifyOutcome(end.outcome, unexpected);
  end.metrics.called(outcome, ms / 1000);
  end.span?.end(end.outcome, end.outcome !== 'OK');
  const line = {
    tool: end.tool,
    requestId: end.caller.requestId,
    userId: end.caller.userId,
    outcome: end.outcome,
    upstreamStatus: end.upstreamStatus,
    durationMs: Math.round(ms * 10) / 10,
    ...(unexpected ? { err: end.error } : {}),
  };
  if (level === 'error') end.logger.error(line, 'tool call failed');
  else if (level === 'warn') end.logger.warn(line, 'tool call failed upstream');
  else end.logger.info(line, 'tool call');
  return result;
}
