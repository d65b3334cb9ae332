// Runs every rule in order against one server and reports one outcome per rule. A rule that throws
// fails with the error's message; the stream is closed at the end whatever happened.
import { RULES, type Outcome, type Rule, type RunState } from './rules';
import type { StandInApi } from './stand-in-api';

export interface ConformanceOptions {
  baseUrl: string;
  headers?: Record<string, string>;
  token?: string;
  /** The recording API the server under test calls; without it the forwarding rules are not checked. */
  standIn?: StandInApi;
  tool?: string;
  args?: Record<string, unknown>;
  timeoutMs?: number;
}

export interface RuleResult extends Outcome {
  id: string;
  title: string;
}

export async function runConformance(options: ConformanceOptions, rules: readonly Rule[] = RULES): Promise<RuleResult[]> {
  const state: RunState = {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: options.headers ?? {},
    token: options.token ?? 'conformance-user',
    standIn: options.standIn,
    tool: options.tool,
    args: options.args,
    timeoutMs: options.timeoutMs ?? 10_000,
    nextId: 0,
  };
  const results: RuleResult[] = [];
  try {
    for (const rule of rules) {
      let outcome: Outcome;
      try {
        outcome = await rule.check(state);
      } catch (error) {
        outcome = { status: 'fail', detail: error instanceof Error ? error.message : String(error) };
      }
      results.push({ id: rule.id, title: rule.title, ...outcome });
    }
  } finally {
    state.session?.close();
  }
  return results;
}

const LABEL = { pass: 'PASS', fail: 'FAIL', 'not-checked': 'NOT CHECKED' } as const;

/** One line per rule, then a summary line. */
export function report(results: readonly RuleResult[]): string {
  const width = Math.max(...results.map((r) => r.id.length));
  const lines = results.map((r) => `${LABEL[r.status].padEnd(11)}  ${r.id.padEnd(width)}  ${r.title}${r.detail ? ` — ${r.detail}` : ''}`);
  const count = (status: RuleResult['status']) => results.filter((r) => r.status === status).length;
  lines.push(`conformance: ${count('pass')} passed, ${count('fail')} failed, ${count('not-checked')} not checked`);
  return `${lines.join('\n')}\n`;
}

/** Exit 0 only when every rule was checked and holds. */
export const allHold = (results: readonly RuleResult[]) => results.every((r) => r.status === 'pass');
