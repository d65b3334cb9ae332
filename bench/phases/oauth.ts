// POST /mcp with MCP_AUTH=oauth beside the same call with MCP_AUTH=headers: the oauth
// server verifies the client's token (a cached verification) and sends the customer's API a token made for
// it (a cached RFC 8693 exchange), so the difference is what those two caches cost per call. A real
// authorization server (oidc-provider, the tests' own) runs in the bench process; both servers run with
// NODE_ENV=bench, since production refuses an http:// issuer. Rounds interleaved A B B A (`--repeat`).
import type { BenchContext } from '../context';
import { OURS_ENV, TOOL, HEADERS, orderId } from '../context';
import { totalErrors } from '../load';
import { StreamableLoadClient } from '../mcp-client';
import { startServer, type ChildServer } from '../processes';
import { atMost, fmt, mark, ratio, renderTable, type Target } from '../report';
import { abba, measureRound, summarise, summariseBy, type Round, type Summary, type Timing } from '../rounds';
import { startAuthorizationServer, TOKEN_EXCHANGE_GRANT } from '../../auth-server';
import type { Phase } from './phase';

const CONCURRENCY = 32;
const RESOURCE = 'http://127.0.0.1/mcp';
const API_AUDIENCE = 'https://api.bench.test';
type OAuthTarget = 'headers' | 'oauth';

function timings(quick: boolean): { first: Timing; round: Timing } {
  return {
    first: { warmupMs: 0, concurrentMs: quick ? 200 : 2000, oneAtATimeMs: quick ? 50 : 500, concurrency: CONCURRENCY },
    round: { warmupMs: quick ? 50 : 500, concurrentMs: quick ? 250 : 3000, oneAtATimeMs: quick ? 100 : 1000, concurrency: CONCURRENCY },
  };
}

export const oauthPhase: Phase = async (ctx: BenchContext) => {
  if (ctx.settings.ours === 'baseline') throw new Error('the oauth phase measures ours only: run it without --ours baseline');
  const as = await startAuthorizationServer({ resources: { [RESOURCE]: { scopes: ['orders:read', 'orders:write'] }, [API_AUDIENCE]: { scopes: ['api'] } } });
  const servers: ChildServer[] = [];
  try {
    const env = { ...OURS_ENV, NODE_ENV: 'bench', CUSTOMER_API_URL: ctx.apiUrl };
    const oauthEnv = {
      ...env,
      MCP_AUTH: 'oauth',
      OAUTH_ISSUER: as.issuer,
      OAUTH_RESOURCE: RESOURCE,
      OAUTH_CLIENT_ID: as.toolServerClient.id,
      OAUTH_CLIENT_SECRET: as.toolServerClient.secret,
      UPSTREAM_AUTH: 'token-exchange',
      UPSTREAM_AUDIENCE: API_AUDIENCE,
    };
    const flags = ctx.settings.nodeFlags;
    const [headers, oauth] = await Promise.all([
      startServer('ours (MCP_AUTH=headers)', ctx.settings.ours, env, undefined, flags),
      startServer('ours (MCP_AUTH=oauth)', ctx.settings.ours, oauthEnv, undefined, flags),
    ]);
    servers.push(headers, oauth);
    const token = await as.userToken({ subject: 'bench-user', resource: RESOURCE, scopes: ['orders:read'] });
    // In headers mode the user's own credential for the API is forwarded: a JWT of the same size as the
    // oauth client's (a short stand-in would leave the cost of carrying a real token out of one column).
    const ownToken = await as.userToken({ subject: 'bench-user', resource: API_AUDIENCE, scopes: ['api'] });
    const clients: Record<OAuthTarget, { server: ChildServer; headers: Record<string, string> }> = {
      headers: { server: headers, headers: { ...HEADERS, authorization: `Bearer ${ownToken}` } },
      oauth: { server: oauth, headers: { authorization: `Bearer ${token}` } },
    };
    const round = async (target: OAuthTarget, t: Timing): Promise<Round> => {
      const { server, headers: sent } = clients[target];
      const client = new StreamableLoadClient(server.url, { era: '2025', connections: CONCURRENCY, headers: sent, timeoutMs: ctx.settings.timeoutMs });
      try {
        return await measureRound(target, (_worker, n) => client.callTool(TOOL, { orderId: orderId(n) }), t, server.pid);
      } finally {
        await client.close();
      }
    };

    const t = timings(ctx.settings.quick);
    const targets: OAuthTarget[] = ['headers', 'oauth'];
    ctx.progress('oauth: warm-up (the first oauth call discovers, verifies and exchanges)');
    for (const target of targets) await round(target, t.first);
    const exchangesBefore = as.grants.filter((grant) => grant === TOKEN_EXCHANGE_GRANT).length;
    const requestsBefore = as.requests.length;
    const rounds: Round[] = [];
    const order = abba(targets, ctx.settings.passes);
    for (const [i, target] of order.entries()) {
      ctx.progress(`oauth: round ${i + 1}/${order.length}: ${target}`);
      rounds.push(await round(target, t.round));
    }
    const asRequests = as.requests.length - requestsBefore;
    const exchanges = as.grants.filter((grant) => grant === TOKEN_EXCHANGE_GRANT).length - exchangesBefore;

    const by = summariseBy(rounds);
    const s = (name: OAuthTarget): Summary => by[name] ?? summarise([]);
    const [plain, verified] = [s('headers'), s('oauth')];
    const goals: Target[] = [
      atMost('CPU per call, oauth ÷ headers', (verified.cpuUsPerCall ?? NaN) / (plain.cpuUsPerCall ?? NaN), 1.1),
      atMost('authorization server requests during the rounds', asRequests, 0),
      atMost('errors (both)', totalErrors(plain.errors) + totalErrors(verified.errors), 0),
    ];
    const rows: string[][] = [['metric', 'headers', 'oauth', 'oauth÷headers', 'target']];
    const add = (metric: string, v: (x: Summary) => number | undefined, digits: number, target = ''): void => {
      rows.push([metric, fmt(v(plain), digits), fmt(v(verified), digits), fmt(ratio(v(verified), v(plain))), target]);
    };
    add(`calls/s (${CONCURRENCY} in flight)`, (x) => x.callsPerSecond, 0);
    add(`p50 latency at ${CONCURRENCY} in flight (ms)`, (x) => x.p50Ms, 2);
    add('p50 latency, one at a time (ms)', (x) => x.oneAtATimeP50Ms, 2);
    add('server CPU per call (µs)', (x) => x.cpuUsPerCall, 0, mark(goals[0]));
    rows.push(['authorization server requests', '', String(asRequests), '', mark(goals[1])]);
    const errors = [plain, verified].map((x) => totalErrors(x.errors));
    rows.push(['errors', ...errors.map(String), '', mark(goals[2])]);
    return {
      title: `POST /mcp, MCP_AUTH=headers vs oauth (a cached verified token and a cached exchanged token): ${CONCURRENCY} in flight`,
      table: renderTable(rows),
      figures: { headers: plain, oauth: verified, asRequestsDuringRounds: asRequests, exchangesDuringRounds: exchanges, rounds },
      targets: goals,
      errors: errors.reduce((a, b) => a + b, 0),
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await as.close();
  }
};
