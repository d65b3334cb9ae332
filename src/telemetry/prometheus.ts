// Metrics with prom-client, loaded only when METRICS_PORT is set. Names follow Prometheus conventions
// (base units, _total for counters); label values come from the bounded sets in ./outcomes and from the
// registry's own tool names, never from a request.
import type * as Prom from 'prom-client';
import {
  CALL_OUTCOMES,
  HUB_OUTCOMES,
  OAUTH_OUTCOMES,
  REFUSAL_REASONS,
  STATUS_CLASSES,
  type CallOutcome,
  type RefusalReason,
  type StatusClass,
  type UnnamedOutcome,
} from './outcomes';
import { AccumulatedCounter, AccumulatedHistogram } from './accumulated';
import type { Metrics, ToolMetrics } from './telemetry';

/** Seconds. Tool calls wait on an API: from a fast lookup (5 ms) to the 10 s upstream deadline and beyond. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The `tool` label of calls that named no registered tool: no tool can be named so (parentheses). */
export const UNKNOWN_TOOL = '(unknown)';

/**
 * The outcomes every registered tool can have, whose series exist from the first scrape (none
 * for outcomes it cannot have). The hub's and oauth mode's appear on first use; unknown_tool
 * and invalid_request belong to no tool.
 */
const PER_TOOL_OUTCOMES = CALL_OUTCOMES.filter(
  (outcome) => !HUB_OUTCOMES.has(outcome) && !OAUTH_OUTCOMES.has(outcome) && outcome !== 'unknown_tool' && outcome !== 'invalid_request',
);

type Children<K extends string, T> = Record<K, T>;

function childrenOf<K extends string, T>(keys: readonly K[], make: (key: K) => T): Children<K, T> {
  const out = {} as Children<K, T>;
  for (const key of keys) out[key] = make(key);
  return out;
}

export function createPrometheusMetrics(): Metrics {
  // Required here, not imported at the top: a server without METRICS_PORT never loads prom-client.
  const prom = require('prom-client') as typeof Prom; // eslint-disable-line @typescript-eslint/no-require-imports
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry });

  // The per-call series are accumulated in plain numbers and read at scrape time (./accumulated).
  const calls = new AccumulatedCounter(
    'mcp_tool_calls_total',
    'Tool calls by tool and outcome (ok, tool_error, upstream_5xx, upstream_timeout, internal, ...).',
  );
  const callSeconds = new AccumulatedHistogram(
    'mcp_tool_call_duration_seconds',
    'Duration of tool calls, from the arguments check to the result, by tool.',
    DURATION_BUCKETS,
  );
  const upstreamSeconds = new AccumulatedHistogram(
    'mcp_upstream_request_duration_seconds',
    'Duration of requests to the customer API, until the body is read or the request fails, by tool.',
    DURATION_BUCKETS,
  );
  const upstreamAnswers = new AccumulatedCounter(
    'mcp_upstream_responses_total',
    'Answers of the customer API by tool and class: 2xx, 3xx, 4xx, 5xx, timeout, network (no answer).',
  );
  for (const metric of [calls, callSeconds, upstreamSeconds, upstreamAnswers]) registry.registerMetric(metric as unknown as Prom.Metric);
  const refusals = new prom.Counter({
    name: 'mcp_refused_requests_total',
    help: 'Requests refused by reason: auth, host, origin, rate_limit, in_flight, size, capacity, bodies, invalid_token, insufficient_scope.',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const refusedBy = childrenOf(REFUSAL_REASONS, (reason) => refusals.labels(reason));
  for (const reason of REFUSAL_REASONS) refusedBy[reason].inc(0); // every reason present from the first scrape

  const tools = new Map<string, ToolMetrics>();
  function forTool(tool: string): ToolMetrics {
    const existing = tools.get(tool);
    if (existing) return existing;
    // Every series of a registered tool exists from the first scrape, at 0: rate() and alerts see a
    // failure's first occurrence instead of a series appearing out of nowhere.
    const byOutcome: Partial<Children<CallOutcome, { inc(): void }>> = childrenOf(PER_TOOL_OUTCOMES, (outcome) => calls.child({ tool, outcome }));
    const byClass: Children<StatusClass, { inc(): void }> = childrenOf(STATUS_CLASSES, (cls) => upstreamAnswers.child({ tool, class: cls }));
    const duration = callSeconds.child({ tool });
    const upstream = upstreamSeconds.child({ tool });
    const metrics: ToolMetrics = {
      called(outcome, seconds) {
        (byOutcome[outcome] ??= calls.child({ tool, outcome })).inc();
        duration.observe(seconds);
      },
      upstream(status, seconds) {
        byClass[status].inc();
        upstream.observe(seconds);
      },
    };
    tools.set(tool, metrics);
    return metrics;
  }
  // One series per unnamed outcome, whatever name the client sent: never a label from a request.
  const unnamed = childrenOf(['unknown_tool', 'invalid_request'] as const, (outcome) => calls.child({ tool: UNKNOWN_TOOL, outcome }));

  return {
    enabled: true,
    forTool,
    unnamedCall: (outcome: UnnamedOutcome) => unnamed[outcome].inc(),
    refused: (reason: RefusalReason) => refusedBy[reason].inc(),
    gauge(name, help, read) {
      new prom.Gauge({
        name,
        help,
        registers: [registry],
        // Summed over a cluster's workers (../cluster/metrics.ts), except a 1/0 state (`*_up`): 1 only if
        // every worker's is.
        aggregator: name.endsWith('_up') ? 'min' : 'sum',
        collect() {
          this.set(read());
        },
      });
    },
    counter(name, help) {
      return new prom.Counter({ name, help, registers: [registry] });
    },
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    snapshot() {
      return registry.getMetricsAsJSON();
    },
  };
}
