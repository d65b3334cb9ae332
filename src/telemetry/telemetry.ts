// What the rest of the server sees of metrics and traces: small interfaces with no-op defaults, so a
// call site is one line and costs nothing when both are off. src/server.ts builds one Telemetry per
// process (createTelemetry) and hands its parts to the registry, the lanes and the door.
import type { CallOutcome, RefusalReason, StatusClass, UnnamedOutcome } from './outcomes';

/** One tool's metrics, label children resolved once at startup: recording is a method call, no lookup. */
export interface ToolMetrics {
  /** A call of this tool ended, with its outcome and its duration in seconds. */
  called(outcome: CallOutcome, seconds: number): void;
  /** One of its requests to the customer API ended: the class of the answer and its duration in seconds. */
  upstream(status: StatusClass, seconds: number): void;
}

export interface Metrics {
  /** False for the no-op: callers may skip work (a clock read) that only metrics need. */
  readonly enabled: boolean;
  /** The metrics of a registered tool. Call once per tool at startup, never with a name from a request. */
  forTool(name: string): ToolMetrics;
  /**
   * A tools/call that named no registered tool (unknown_tool) or no usable name (invalid_request): counted
   * under tool="(unknown)", never by the client's name, so its cardinality is bounded.
   */
  unnamedCall(outcome: UnnamedOutcome): void;
  /** A request refused before or instead of running. */
  refused(reason: RefusalReason): void;
  /**
   * A figure read when Prometheus scrapes: open SSE streams, calls in flight, and (the Redis
   * bus) the session bus's own, e.g. `metrics.gauge('mcp_bus_subscriptions', '...', () => bus.size)`.
   * The name must be a Prometheus metric name; registering the same name twice throws.
   */
  gauge(name: string, help: string, read: () => number): void;
  /** A counter without labels, for the session bus's events; the no-op's inc does nothing. */
  counter(name: string, help: string): { inc(by?: number): void };
  /** The Prometheus text exposition of every metric, for GET /metrics. */
  scrape(): Promise<{ contentType: string; body: string }>;
  /** Every metric as prom-client's JSON, which a cluster's primary sums over its workers (../cluster/metrics.ts). */
  snapshot(): Promise<unknown[]>;
}

/** What a tool-call span needs to know about the JSON-RPC request; all optional ("where known"). */
export interface RpcInfo {
  id?: string | number;
  /** The MCP revision of this request (`_meta` on 2026-07-28, the MCP-Protocol-Version header on /mcp). */
  protocolVersion?: string;
}

/** The W3C trace context to send upstream for one request: traceparent and, if any, tracestate. */
export type TraceHeaders = Readonly<Record<string, string>>;

/** The CLIENT span of one request to the customer API. */
export interface UpstreamSpan {
  /** traceparent (this span's id) and tracestate, sent to the customer API instead of the received ones. */
  readonly headers: TraceHeaders;
  /** Ends the span: the answer's status when one arrived, else the error's class (timeout, network...). */
  end(status: number | undefined, errorType: string | undefined): void;
}

/** The span of one tool call. */
export interface CallSpan {
  /** A CLIENT child span for one upstream request; `template` is the path as the tool wrote it (/orders/:id). */
  startUpstream(method: string, template: string): UpstreamSpan;
  /** An INTERNAL child span for a step of the call, such as a token exchange; `end` takes an error code. */
  startStep(name: string, attributes: Readonly<Record<string, string>>): { end(errorType: string | undefined): void };
  /** Runs `fn` with this span as the active context, so spans a tool makes itself nest under it. */
  run<T>(fn: () => T): T;
  /** Ends the span; `outcome` is the call's outcome code, set as error.type unless the call succeeded. */
  end(outcome: string, failed: boolean): void;
}

export interface Tracing {
  /** Starts the span of a tools/call, as a child of the received trace context when there is one. */
  startCall(tool: string, rpc: RpcInfo | undefined, traceparent: string | undefined, tracestate: string | undefined): CallSpan;
  /** Exports what is buffered and stops. */
  shutdown(): Promise<void>;
}

export interface Telemetry {
  readonly metrics: Metrics;
  /** Undefined when tracing is off: call sites test it once per call, nothing else happens. */
  readonly tracing: Tracing | undefined;
  /** Starts GET /metrics on its own port when metrics are on; resolves with its URL, or undefined. */
  listen(): Promise<string | undefined>;
  /** Stops the metrics listener and flushes the traces. Idempotent. */
  close(): Promise<void>;
}

const noopTool: ToolMetrics = { called: () => undefined, upstream: () => undefined };
const noopCounter = { inc: () => undefined };

export const noopMetrics: Metrics = {
  enabled: false,
  forTool: () => noopTool,
  unnamedCall: () => undefined,
  refused: () => undefined,
  gauge: () => undefined,
  counter: () => noopCounter,
  scrape: () => Promise.resolve({ contentType: 'text/plain', body: '' }),
  snapshot: () => Promise.resolve([]),
};

/** The default: no metrics, no traces, nothing loaded. */
export const noopTelemetry: Telemetry = {
  metrics: noopMetrics,
  tracing: undefined,
  listen: () => Promise.resolve(undefined),
  close: () => Promise.resolve(),
};
