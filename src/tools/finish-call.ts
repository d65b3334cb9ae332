// The end of every tools/call: one log line whose level says who should look (info: the call did what it
// could; warn: the customer API or the hub failed, timed out or could not be reached; error: a bug or a
// misconfiguration, with the error), the call's metrics, and the end of its span. The line's `outcome`
// is the metric's label and the span's error.type: one vocabulary (src/telemetry/outcomes.ts).
import type { IncomingHttpHeaders } from 'node:http';
import type { Logger } from '../logger';
import { boundString } from '../logging/bound';
import { writeCallLine } from '../logging/call-line';
import { classifyOutcome, detailCode, type CallSpan, type Metrics, type ToolMetrics, type UnnamedOutcome } from '../telemetry';
import { callerFrom, type Caller } from '../upstream/credentials';
import type { FailureCause } from './failure-cause';
import type { ToolResult } from './results';

export interface CallEnd {
  logger: Logger;
  metrics: ToolMetrics;
  span: CallSpan | undefined;
  tool: string;
  caller: Caller;
  /** The failure code, classified into an outcome: OK, TOOL_ERROR, UPSTREAM_HTTP_503, UPSTREAM_TIMEOUT... */
  outcome: string;
  upstreamStatus: number | undefined;
  /** performance.now() when the call began. */
  started: number;
  /** Set for unexpected failures only: logged in full (never shown to the model). */
  error: unknown;
  /** Why the call failed, when known (an error code and host, a missing setting): named in the line. */
  cause?: FailureCause | undefined;
}

export function finishCall(result: ToolResult, end: CallEnd): ToolResult {
  const ms = performance.now() - end.started;
  const unexpected = end.error !== undefined;
  const { outcome, level } = classifyOutcome(end.outcome, unexpected);
  end.metrics.called(outcome, ms / 1000);
  end.span?.end(outcome, outcome !== 'ok');
  const fields = {
    tool: end.tool,
    requestId: end.caller.requestId,
    userId: end.caller.userId,
    outcome,
    code: detailCode(end.outcome, outcome),
    cause: end.cause?.cause,
    host: end.cause?.host,
    upstreamMethod: end.cause?.upstreamMethod,
    upstreamPath: end.cause?.upstreamPath,
    upstreamStatus: end.upstreamStatus,
    retryAfterSeconds: end.cause?.retryAfterSeconds,
    durationMs: Math.round(ms * 10) / 10,
  };
  if (level === 'error') end.logger.error(unexpected ? { ...fields, err: end.error } : fields, 'tool call failed');
  else if (level === 'warn') writeCallLine(end.logger, 'warn', fields, 'tool call failed upstream');
  else writeCallLine(end.logger, 'info', fields, 'tool call');
  return result;
}

/** Longest tool name a log line repeats from a call that names no registered tool. */
export const MAX_ECHOED_NAME = 200;

/**
 * The log line and count of a tools/call that never reached a tool: an unknown name, or no usable name.
 * The name is the client's: bounded in the line, and never a metric label.
 */
export function unnamedCall(logger: Logger, metrics: Metrics, outcome: UnnamedOutcome, name: unknown, headers: IncomingHttpHeaders): void {
  metrics.unnamedCall(outcome);
  const caller = callerFrom(headers);
  const tool = typeof name === 'string' ? boundString(name, MAX_ECHOED_NAME) : undefined;
  writeCallLine(logger, 'info', { tool, requestId: caller.requestId, userId: caller.userId, outcome, durationMs: 0 }, 'tool call');
}
