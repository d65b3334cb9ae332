// The hub's contract (assistant-hub-contract.md, "Tool-server endpoints", "Credentials forwarded to tool
// servers", "Errors"), one check per rule, run in order against a live server. Each check reads and adds to
// the shared state: the session, the tool list, the tool that reaches the stand-in API.
import { sample } from '../openapi/sample';
import type { Schema } from '../openapi/schema';
import { HubSession, postMessage, type JsonRpcAnswer } from './hub-session';
import type { StandInApi } from './stand-in-api';

export type Outcome = { status: 'pass' | 'fail' | 'not-checked'; detail: string };

export interface RunState {
  baseUrl: string;
  /** Sent on every request (e.g. the hub's shared secret for the server's caller check). */
  headers: Record<string, string>;
  /** The user's access token for calls that should succeed. */
  token: string;
  standIn: StandInApi | undefined;
  tool: string | undefined;
  args: Record<string, unknown> | undefined;
  timeoutMs: number;
  session?: HubSession;
  messagesUrl?: string;
  tools?: Array<{ name: string; inputSchema?: Schema; annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean } }>;
  /** The tool and arguments whose call reached the stand-in API. */
  probe?: { name: string; args: unknown };
  nextId: number;
}

export interface Rule {
  id: string;
  title: string;
  check(state: RunState): Promise<Outcome>;
}

const pass = (detail: string): Outcome => ({ status: 'pass', detail });
const fail = (detail: string): Outcome => ({ status: 'fail', detail });
const notChecked = (detail: string): Outcome => ({ status: 'not-checked', detail });
const text = (answer: JsonRpcAnswer) => answer.result?.content?.[0]?.text ?? '';
let requestCounter = 0;
const requestId = () => `conformance-${process.pid}-${++requestCounter}`;

/** tools/call on the session, with the user's headers for this call. */
async function callOnSession(state: RunState, name: string, args: unknown, headers: Record<string, string>): Promise<JsonRpcAnswer> {
  const id = ++state.nextId;
  const answer = state.session!.answer(id, state.timeoutMs);
  answer.catch(() => undefined); // awaited below; dropped if the POST fails
  const posted = await postMessage(state.messagesUrl!, { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }, { ...state.headers, ...headers });
  if (posted.status !== 202) throw new Error(`POST answered ${posted.status}`);
  return answer;
}

const needsSession = (state: RunState) => (state.session && state.messagesUrl ? undefined : notChecked('no session (see the SSE rule)'));
const needsProbe = (state: RunState) =>
  needsSession(state) ??
  (state.standIn === undefined
    ? notChecked('needs the stand-in API: run with --start "<command>", or point CUSTOMER_API_URL at --api-port')
    : state.probe
      ? undefined
      : notChecked('no tool call reached the stand-in API (is CUSTOMER_API_URL pointed at it? name a tool with --tool)'));

/** A failing token's result must be isError with a sentence matching `pattern`. */
function mapping(token: string, pattern: RegExp, expectation: string): Rule['check'] {
  return async (state) => {
    const missing = needsProbe(state);
    if (missing) return missing;
    const answer = await callOnSession(state, state.probe!.name, state.probe!.args, { authorization: `Bearer ${token}`, 'x-request-id': requestId() });
    if (answer.result?.isError !== true) return fail(`expected an isError result, got ${JSON.stringify(answer).slice(0, 200)}`);
    return pattern.test(text(answer)) ? pass(`"${text(answer)}"`) : fail(`the text should ${expectation}: "${text(answer)}"`);
  };
}

export const RULES: readonly Rule[] = [
  {
    id: 'sse-endpoint',
    title: 'GET /sse streams an endpoint event naming the messages path',
    async check(state) {
      // The GET carries a stale token: it must never reach the API (credentials come from each POST).
      state.session = await HubSession.open(state.baseUrl, { ...state.headers, authorization: 'Bearer conformance-stale' });
      const type = state.session.response.headers.get('content-type') ?? '';
      if (state.session.response.status !== 200 || !type.startsWith('text/event-stream')) {
        return fail(`answered ${state.session.response.status} ${type}`);
      }
      const endpoint = await state.session.next(() => true, state.timeoutMs);
      if (endpoint.event !== 'endpoint') return fail(`the first event is "${endpoint.event}", not "endpoint"`);
      if (!endpoint.data.startsWith('/')) return fail(`the endpoint "${endpoint.data}" is not a path relative to the server`);
      state.messagesUrl = new URL(endpoint.data, state.baseUrl).href;
      return pass(endpoint.data);
    },
  },
  {
    id: 'session-post',
    title: 'a POST on the session answers 202 with an empty body; the answer arrives on the stream',
    async check(state) {
      const missing = needsSession(state);
      if (missing) return missing;
      const id = ++state.nextId;
      const answer = state.session!.answer(id, state.timeoutMs);
      answer.catch(() => undefined); // awaited below; dropped if the POST fails
      const posted = await postMessage(state.messagesUrl!, { jsonrpc: '2.0', id, method: 'tools/list' }, state.headers);
      if (posted.status !== 202 || posted.text !== '') {
        return fail(`answered ${posted.status} with ${posted.text === '' ? 'an empty body' : `the body ${JSON.stringify(posted.text.slice(0, 80))}`}, expected 202 with an empty body`);
      }
      const tools = (await answer).result?.tools;
      if (!Array.isArray(tools) || tools.length === 0) return fail('tools/list on the stream holds no tools');
      const bad = tools.filter((t) => typeof (t as { name?: unknown }).name !== 'string' || typeof (t as { description?: unknown }).description !== 'string' || typeof (t as { inputSchema?: { type?: unknown } }).inputSchema !== 'object');
      if (bad.length > 0) return fail(`${bad.length} tool descriptor(s) lack name, description or inputSchema`);
      state.tools = tools as RunState['tools'];
      return pass(`tools/list: ${tools.length} tool(s)`);
    },
  },
  {
    id: 'direct-post',
    title: 'a POST without a session answers in its body',
    async check(state) {
      const url = new URL(state.messagesUrl ?? '/messages', state.baseUrl);
      url.search = '';
      const posted = await postMessage(url.href, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, state.headers);
      if (posted.status !== 200 || !Array.isArray(posted.json?.result?.tools)) return fail(`answered ${posted.status}: ${posted.text.slice(0, 120)}`);
      return pass(`${url.pathname}: 200 with ${posted.json?.result?.tools?.length} tool(s)`);
    },
  },
  {
    id: 'unknown-tool',
    title: 'tools/call of an unknown tool is a JSON-RPC error -32601',
    async check(state) {
      const missing = needsSession(state);
      if (missing) return missing;
      const answer = await callOnSession(state, 'conformance_no_such_tool', {}, {});
      return answer.error?.code === -32601 ? pass(answer.error.message ?? '') : fail(`got ${JSON.stringify(answer).slice(0, 200)}`);
    },
  },
  {
    id: 'forwarded-as-sent',
    title: "the call's Authorization, Cookie and custom auth header reach the API as sent; the result is text",
    async check(state) {
      const missing = needsSession(state) ?? (state.standIn ? undefined : needsProbe(state));
      if (missing) return missing;
      const sent = { authorization: `Bearer ${state.token}`, cookie: 'conformance_session=c1; theme=dark', 'x-api-key': 'conformance-key' };
      const candidates = (state.tools ?? [])
        .filter((t) => state.tool === undefined || t.name === state.tool)
        .sort((a, b) => Number(b.annotations?.readOnlyHint === true) - Number(a.annotations?.readOnlyHint === true))
        .slice(0, 10);
      if (candidates.length === 0) return fail(state.tool ? `the server has no tool ${state.tool}` : 'the server lists no tools');
      for (const tool of candidates) {
        const args = state.args ?? sample(tool.inputSchema ?? {});
        const id = requestId();
        const answer = await callOnSession(state, tool.name, args, { ...sent, 'x-request-id': id });
        const seen = state.standIn!.byRequestId(id);
        if (seen.length === 0) continue;
        state.probe = { name: tool.name, args };
        const wrong = Object.entries(sent).filter(([name, value]) => seen.some((request) => request.headers[name] !== value));
        if (wrong.length > 0) return fail(`${tool.name}: ${wrong.map(([name]) => name).join(', ')} did not reach the API as sent`);
        if (answer.result?.content?.[0]?.type !== 'text') return fail(`${tool.name}: the result's first content item is not text`);
        return pass(`via ${tool.name}`);
      }
      return notChecked(`none of ${candidates.map((t) => t.name).join(', ')} reached the stand-in API (is CUSTOMER_API_URL pointed at it? name a tool with --tool and --args)`);
    },
  },
  {
    id: 'refreshed-per-call',
    title: "each call uses its own POST's credentials, never the stream's or a cached one",
    async check(state) {
      const missing = needsProbe(state);
      if (missing) return missing;
      const tokens = [`${state.token}-first`, `${state.token}-refreshed`];
      for (const token of tokens) {
        const id = requestId();
        await callOnSession(state, state.probe!.name, state.probe!.args, { authorization: `Bearer ${token}`, 'x-request-id': id });
        const seen = state.standIn!.byRequestId(id).map((request) => request.headers.authorization);
        if (seen.length === 0 || seen.some((value) => value !== `Bearer ${token}`)) return fail(`sent Bearer ${token}, the API saw ${JSON.stringify(seen)}`);
      }
      const stale = state.standIn!.requests.filter((request) => request.headers.authorization === 'Bearer conformance-stale');
      return stale.length > 0 ? fail("the GET /sse request's token reached the API") : pass('a refreshed token was used on the next call');
    },
  },
  { id: 'maps-401', title: 'an API 401 becomes an isError result saying the session expired', check: mapping('conformance-401', /expired[\s\S]*(log|sign) ?in/i, 'say the session expired and to log in again') },
  { id: 'maps-403', title: 'an API 403 becomes an isError result about permission', check: mapping('conformance-403', /permission/i, 'say the user lacks permission') },
  { id: 'maps-5xx', title: 'an API 5xx becomes an isError result containing "error"', check: mapping('conformance-503', /error/i, 'contain the word error') },
  {
    id: 'health',
    title: 'GET /health answers 200 {"status":"healthy"}',
    async check(state) {
      const response = await fetch(`${state.baseUrl}/health`, { headers: state.headers, signal: AbortSignal.timeout(state.timeoutMs) });
      const body = (await response.json().catch(() => ({}))) as { status?: unknown };
      return response.status === 200 && body.status === 'healthy' ? pass('healthy') : fail(`answered ${response.status} ${JSON.stringify(body)}`);
    },
  },
  {
    id: 'health-simulate',
    title: 'GET /health?simulate=unhealthy answers 503 naming the database, and changes nothing',
    async check(state) {
      const response = await fetch(`${state.baseUrl}/health?simulate=unhealthy`, { headers: state.headers, signal: AbortSignal.timeout(state.timeoutMs) });
      const body = (await response.json().catch(() => ({}))) as { status?: unknown; error?: unknown };
      if (response.status !== 503 || body.status !== 'unhealthy' || !/database/i.test(String(body.error))) {
        return fail(`answered ${response.status} ${JSON.stringify(body)} (simulation turned off?)`);
      }
      const after = await fetch(`${state.baseUrl}/health`, { headers: state.headers, signal: AbortSignal.timeout(state.timeoutMs) });
      return after.status === 200 ? pass(String(body.error)) : fail(`/health answered ${after.status} after the simulation`);
    },
  },
];
