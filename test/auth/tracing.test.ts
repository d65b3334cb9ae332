// The span of a token verification: a child of the client's traceparent, naming the method
// and the outcome, never the token; a cached token makes none. The server runs as its own process, as in
// test/telemetry/tracing.test.ts (the OTLP exporter cannot run inside Jest's module sandbox).
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { startStandInApi, type StandInApi } from '../support/stand-in-api';
import { startAuthorizationServer, type AuthorizationServer } from '../../auth-server';
import { until } from '../support/wait';
import { startOtlpReceiver, type OtlpReceiver } from '../telemetry/otlp-receiver';
import { API_AUDIENCE, call, postMcp, RESOURCE } from './oauth-stack';
import { spawnChild } from '../support/children';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN = '00f067aa0ba902b7';

describe('auth: tracing a token verification', () => {
  let as: AuthorizationServer;
  let api: StandInApi;
  let receiver: OtlpReceiver;
  let server: ChildProcess;
  let token: string;

  beforeAll(async () => {
    as = await startAuthorizationServer({ resources: { [RESOURCE]: { scopes: ['orders:read'] }, [API_AUDIENCE]: { scopes: ['api'] } } });
    api = await startStandInApi();
    receiver = await startOtlpReceiver();
    server = spawnChild(process.execPath, ['--import', 'tsx', join(__dirname, '..', 'telemetry', 'traced-server.ts')], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        CUSTOMER_API_URL: api.url,
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        MCP_AUTH: 'oauth',
        OAUTH_ISSUER: as.issuer,
        OAUTH_RESOURCE: RESOURCE,
        OAUTH_CLIENT_ID: as.toolServerClient.id,
        OAUTH_CLIENT_SECRET: as.toolServerClient.secret,
        UPSTREAM_AUTH: 'token-exchange',
        UPSTREAM_AUDIENCE: API_AUDIENCE,
      },
    });
    let out = '';
    server.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    server.stderr!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    await until(() => /listening (\S+)/.test(out) && out.includes('authorization server discovered'), 120_000);
    const url = /listening (\S+)/.exec(out)![1]!;
    token = await as.userToken({ subject: 'traced-user', resource: RESOURCE, scopes: ['orders:read'] });
    const traceparent = `00-${TRACE_ID}-${CLIENT_SPAN}-01`;
    for (const id of [1, 2]) expect((await postMcp(url, call('fetch_item', { id: 'i1' }, id), token, { traceparent })).status).toBe(200);
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    expect((await exited)[0]).toBe(0);
  }, 30_000);
  afterAll(async () => {
    server.kill('SIGKILL');
    await receiver.close();
    await api.close();
    await as.close();
  });

  it('one verification span for two calls with the same token, child of the client trace, without the token', () => {
    const spans = receiver.spans.filter((span) => span.name === 'auth verify_token');
    expect(spans).toHaveLength(1);
    expect(spans[0]).toMatchObject({ traceId: TRACE_ID, parentSpanId: CLIENT_SPAN, kind: 1, attributes: { 'auth.method': 'jwt', 'auth.outcome': 'valid' } });
    expect(receiver.bodies.join('')).not.toContain(token);
  });
});
