// The tool registry: lists tools (descriptors built once) and runs one call end to end:
// context from the POST's headers → argument check → handler → result, with one log line per call.
import type { IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';
import { callerKey, createFairness, type Fairness } from '../limits';
import type { Logger } from '../logger';
import type { Upstream } from '../upstream/api-client';
import { callerFrom, forwardedHeaders, type Caller } from '../upstream/credentials';
import type { TraceContext } from '../mcp/core/trace-context';
import type { ProgressReporter, UserFiles } from './context';
import type { Tool } from './define-tool';
import { errorResult, failureResult, textResult, type ToolResult } from './results';
import { illFormedField } from './well-formed';

export interface CallInput {
  /** Headers of the HTTP request that carried this call: the only source of credentials. */
  headers: IncomingHttpHeaders;
  signal: AbortSignal;
  /** Reports progress to the client, when it asked for it (a progressToken) and the lane can deliver it. */
  progress?: ProgressReporter;
  /** W3C trace context received with the call (header or `_meta`): forwarded to the customer's API. */
  trace?: TraceContext;
  /**
   * The client's address as the door resolved it (src/door, createClientAddress): the last resort of the
   * per-user limits when a call carries neither X-User-Id nor credentials.
   */
  clientAddress?: string;
}

export interface RegistryOptions {
  tools: readonly Tool[];
  upstream: Upstream;
  logger: Logger;
  /** Lower-case custom credential header names to forward (configuration). */
  customAuthHeaders: readonly string[];
  /** Builds the user's file library for one call; see src/hub. */
  files: (caller: Caller, signal: AbortSignal) => UserFiles;
  /** Per-user limits (src/limits); none by default. */
  fairness?: Fairness;
}

export interface Registry {
  /** The tools/list result, built once. */
  readonly descriptors: readonly Tool['descriptor'][];
  has(name: string): boolean;
  /** Runs a known tool; never throws: every failure becomes an isError result. */
  call(name: string, args: unknown, input: CallInput): Promise<ToolResult>;
}

/** "orderId: Invalid input: expected string, received number" for each bad field, so the model can retry. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(arguments)'}: ${issue.message}`)
    .join('; ');
}

/**
 * A declared output becomes `structuredContent`, with the same JSON as text for clients before 2025-06-18.
 * An answer that does not match its own schema is a bug in the tool: it fails like any other bug.
 */
function structuredResult(name: string, schema: z.ZodType, value: unknown): ToolResult {
  const checked = schema.safeParse(value);
  if (!checked.success) throw new TypeError(`Tool ${name} returned an answer that does not match its output schema: ${describeIssues(checked.error)}`);
  const structuredContent = checked.data as Record<string, unknown>;
  return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
}

const ignoreProgress: ProgressReporter = () => undefined;

function isResult(value: unknown): value is ToolResult {
  return typeof value === 'object' && value !== null && Array.isArray((value as { content?: unknown }).content);
}

const UNLIMITED = createFairness({ maxInFlight: 0, callsPerMinute: 0, burst: 1 });

export function createRegistry({
  tools,
  upstream,
  logger,
  customAuthHeaders,
  files,
  fairness = UNLIMITED,
}: RegistryOptions): Registry {
  const byName = new Map<string, Tool>();
  for (const tool of tools) {
    if (byName.has(tool.name)) throw new TypeError(`Two tools are named "${tool.name}"`);
    byName.set(tool.name, tool);
  }
  const descriptors = Object.freeze(tools.map((tool) => tool.descriptor));

  async function call(name: string, args: unknown, { headers, signal, progress, trace, clientAddress }: CallInput): Promise<ToolResult> {
    const tool = byName.get(name);
    if (!tool) throw new TypeError(`Unknown tool "${name}": check has() first`);
    const started = performance.now();
    const caller = callerFrom(headers);
    let upstreamStatus: number | undefined;
    let childLog: Logger | undefined;
    // A child logger costs an allocation and a serialisation of its bindings: made only if the tool logs.
    const log = () => (childLog ??= logger.child({ tool: name, requestId: caller.requestId, userId: caller.userId }));
    const finish = (result: ToolResult, outcome: string, error?: unknown) => {
      const line = {
        tool: name,
        requestId: caller.requestId,
        userId: caller.userId,
        outcome,
        upstreamStatus,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        ...(error === undefined ? {} : { err: error }),
      };
      if (error !== undefined) logger.error(line, 'tool call failed');
      else logger.info(line, 'tool call');
      return result;
    };

    const run = async (): Promise<ToolResult> => {
      const parsed = tool.schema.safeParse(args ?? {});
      if (!parsed.success) {
        const text = `The arguments for ${name} are not valid: ${describeIssues(parsed.error)}. Please correct them and call ${name} again.`;
        return finish(errorResult(text), 'INVALID_ARGUMENTS');
      }
      const illFormed = illFormedField(parsed.data);
      if (illFormed !== undefined) {
        const text = `The arguments for ${name} are not valid: ${illFormed}: contains text that is not valid Unicode (a lone surrogate). Please correct it and call ${name} again.`;
        return finish(errorResult(text), 'INVALID_ARGUMENTS');
      }
      const forwarded = forwardedHeaders(headers, caller, customAuthHeaders);
      if (trace) Object.assign(forwarded, trace);
      if (logger.isLevelEnabled('trace')) log().trace({ headers: forwarded }, 'credentials to forward');
      const api = upstream.forCall({
        headers: forwarded,
        tenantId: caller.tenantId,
        signal,
        onStatus: (status) => {
          upstreamStatus = status;
        },
      });
      try {
        const value = await tool.handler(parsed.data as never, {
          api,
          files: files(caller, signal),
          get log() {
            return log();
          },
          signal,
          caller,
          progress: progress ?? ignoreProgress,
        });
        if (tool.outputSchema) return finish(structuredResult(name, tool.outputSchema, value), 'OK');
        if (typeof value === 'string') return finish(textResult(value), 'OK');
        if (isResult(value)) return finish(value, value.isError === true ? 'TOOL_ERROR' : 'OK');
        throw new TypeError(`Tool ${name} returned neither a string nor a result`);
      } catch (error) {
        if (signal.aborted) return finish(errorResult('The call was cancelled.'), 'CANCELLED');
        const failure = failureResult(error);
        return finish(failure.result, failure.outcome, failure.unexpected ? error : undefined);
      }
    };

    // Before any work: over a limit, the model is told to wait (src/limits).
    const admission = fairness.admit(callerKey(headers, caller, customAuthHeaders, clientAddress));
    if (!admission.ok) {
      const failure = failureResult(admission.error);
      return finish(failure.result, failure.outcome);
    }
    try {
      return await run();
    } finally {
      admission.release();
    }
  }

  return { descriptors, has: (name) => byName.has(name), call };
}
