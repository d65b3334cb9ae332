// The authorization-code flow as a client that registers itself and never sends `prompt` does it (Codex and
// Gemini CLI; the SDK clients add prompt=consent when they ask for offline_access): dynamic registration as a
// public client, PKCE, the demo user signing in over HTTP (cli/sign-in/form.ts), then the code for tokens.
import { createHash, randomBytes } from 'node:crypto';
import { signInAndConsent } from '../auth/sign-in';

export const CALLBACK = 'http://127.0.0.1:9/callback';

export interface Registered {
  client_id: string;
}

export async function register(issuer: string): Promise<Registered> {
  const response = await fetch(`${issuer}/reg`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'no-prompt client', redirect_uris: [CALLBACK], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' }),
  });
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Registered;
}

/** Signs the demo user in for `scope` at `resource`, without a `prompt` parameter; returns the token answer. */
export async function signInWithoutPrompt(issuer: string, client: Registered, resource: string, scope: string): Promise<Record<string, unknown>> {
  const verifier = randomBytes(32).toString('base64url');
  const authorization = new URL(`${issuer}/auth`);
  for (const [name, value] of Object.entries({
    client_id: client.client_id, response_type: 'code', redirect_uri: CALLBACK, scope, resource, state: 'state-1',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256',
  })) authorization.searchParams.set(name, value);
  const callback = await signInAndConsent(authorization, CALLBACK);
  const code = callback.get('code');
  if (!code) throw new Error(`no code in the redirect: ${callback.toString()}`);
  return tokenRequest(issuer, { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, code_verifier: verifier, client_id: client.client_id, resource });
}

export async function tokenRequest(issuer: string, body: Record<string, string>, fetcher: typeof fetch = fetch): Promise<Record<string, unknown>> {
  const response = await fetcher(`${issuer}/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) });
  return { status: response.status, ...((await response.json()) as Record<string, unknown>) };
}
