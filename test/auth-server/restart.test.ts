// `npm run auth-server` restarted (AUTH_SERVER_DATA_DIR): the clients that registered, their refresh tokens
// and the signing keys are still there, so an assistant signed in before the restart refreshes its token
// after it without signing in or registering again, and tokens signed before it still verify.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch as undiciFetch } from 'undici';
import { serveAuthServer } from '../../auth-server/serve';
import { freePort } from '../support/processes';
import { register, signInWithoutPrompt, tokenRequest } from './code-flow';

const RESOURCE = 'http://127.0.0.1:3997/mcp';
const quiet = { write: () => true };
/** Fetch on new connections: the shared pool may still hold one the first server closed. */
function freshConnections() {
  const agent = new Agent();
  const fresh = ((url: string, init?: object) => undiciFetch(url, { ...init, dispatcher: agent })) as unknown as typeof fetch;
  return { agent, fresh };
}
const kidsOf = async (issuer: string, fetcher: typeof fetch = fetch) => ((await (await fetcher(`${issuer}/jwks`)).json()) as { keys: { kid: string }[] }).keys.map((key) => key.kid);

describe('auth-server: a restart with a data folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'auth-server-data-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps registered clients, refresh tokens and signing keys', async () => {
    const env = { AUTH_SERVER_PORT: String(await freePort()), AUTH_SERVER_RESOURCE: RESOURCE, AUTH_SERVER_DATA_DIR: dir };
    const first = await serveAuthServer(env, quiet);
    let client, tokens, kids;
    try {
      client = await register(first.server.issuer);
      tokens = await signInWithoutPrompt(first.server.issuer, client, RESOURCE, 'orders:read offline_access');
      kids = await kidsOf(first.server.issuer);
    } finally {
      await first.close();
    }
    expect(tokens.refresh_token).toEqual(expect.any(String));
    // Client secrets, refresh tokens and private keys: readable by their owner only.
    for (const file of ['models.json', 'keys.json']) expect(statSync(join(dir, file)).mode & 0o077).toBe(0);

    const second = await serveAuthServer(env, quiet);
    const { agent, fresh } = freshConnections();
    try {
      expect(second.server.issuer).toBe(first.server.issuer);
      expect(await kidsOf(second.server.issuer, fresh)).toEqual(kids);
      const refreshed = await tokenRequest(second.server.issuer, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token as string, client_id: client.client_id, resource: RESOURCE }, fresh);
      expect(refreshed).toMatchObject({ status: 200, access_token: expect.any(String) });
      const header = JSON.parse(Buffer.from(String(refreshed.access_token).split('.')[0]!, 'base64url').toString('utf8')) as { kid: string };
      expect(kids).toContain(header.kid);
    } finally {
      await agent.close();
      await second.close();
    }
  });

  it('forgets everything with AUTH_SERVER_DATA_DIR=memory, and says so in the banner', async () => {
    let banner = '';
    const env = { AUTH_SERVER_PORT: String(await freePort()), AUTH_SERVER_RESOURCE: RESOURCE, AUTH_SERVER_DATA_DIR: 'memory' };
    const first = await serveAuthServer(env, { write: (chunk: string) => Boolean((banner += chunk)) });
    const client = await register(first.server.issuer);
    await first.close();
    expect(banner).toContain('kept in memory (AUTH_SERVER_DATA_DIR=memory): a restart forgets them');
    const second = await serveAuthServer(env, quiet);
    const { agent, fresh } = freshConnections();
    try {
      const refused = await tokenRequest(second.server.issuer, { grant_type: 'refresh_token', refresh_token: 'x', client_id: client.client_id }, fresh);
      expect(refused).toMatchObject({ status: 401, error: 'invalid_client' });
    } finally {
      await agent.close();
      await second.close();
    }
  });
});
