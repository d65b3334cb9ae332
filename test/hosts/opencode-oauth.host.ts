// The host matrix for opencode in MCP_AUTH=oauth (scripts/host-matrix.sh): the page's `mcp` block without
// `headers`, then the page's `opencode mcp auth orders`, which opens the authorization URL through BROWSER
// and waits on its loopback callback; the test plays the user's browser (support/browser.ts) against the
// bundled authorization server. Then `opencode run` calls a tool with the tokens it saved, and the API is
// called as the user.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_USERS } from '../../auth-server';
import { runChild } from '../support/children';
import { claimsOf } from './support/browser';
import { DOC, docBlock } from './support/doc-config';
import { expectCallAsUser, signInAt, TURN_TIMEOUT_MS, useSignInPlace } from './support/sign-in-place';
import { env, writeSettings } from './hosts/opencode';
import { requireBinary, type Place } from './hosts/host';

/** The page's sign-in line for opencode. */
const DOC_LOGIN = /^opencode mcp auth orders$/m;

/** "The same block without `headers` and with the URL of your server", as the page says. */
function configure(place: Place, url: string): void {
  const block = JSON.parse(docBlock('opencode', '/mcp', '')) as { mcp: { orders: Record<string, unknown> } };
  const { headers: _headers, ...orders } = block.mcp.orders;
  writeSettings(place, { ...block, mcp: { orders: { ...orders, url } } });
}

describe('opencode on /mcp given the URL alone (MCP_AUTH=oauth, the bundled authorization server)', () => {
  const at = useSignInPlace({ binary: 'opencode', env, interactive: false, configure });

  it('signs in with `opencode mcp auth orders`: the demo user in the browser it opens, its callback reached, the tokens saved with a refresh token', async () => {
    const { browser, mcpUrl, place } = at();
    const line = DOC_LOGIN.exec(readFileSync(DOC, 'utf8'))?.[0];
    if (line === undefined) throw new Error(`${DOC} no longer has ${DOC_LOGIN}: update this test with the page`);
    const [, ...args] = line.split(' ');
    const login = runChild(requireBinary('opencode'), args, { cwd: place.work, env: { ...env(place), BROWSER: browser.command } }, TURN_TIMEOUT_MS);
    const authorization = await browser.opened();
    const callback = await signInAt(at(), authorization);
    expect(['localhost', '127.0.0.1']).toContain(callback.hostname);
    const done = await login;
    if (done.code !== 0) throw new Error(`opencode mcp auth exited ${done.code}:\n${done.output.slice(-4000)}`);
    // It keeps the tokens in its data folder, per server.
    const saved = JSON.parse(readFileSync(join(place.home, '.local/share/opencode/mcp-auth.json'), 'utf8')) as Record<string, { serverUrl?: string; tokens?: Record<string, unknown> }>;
    expect(saved.orders).toMatchObject({ serverUrl: mcpUrl, tokens: { accessToken: expect.any(String), refreshToken: expect.any(String) } });
    expect(claimsOf(String(saved.orders!.tokens!.accessToken))).toMatchObject({ sub: DEMO_USERS[0]!.login, aud: mcpUrl });
  }, TURN_TIMEOUT_MS);

  it('then `opencode run` calls a tool with the saved tokens, and the API is called as the signed-in user', async () => {
    const { place } = at();
    await expectCallAsUser(at(), 'opencode', () => runChild(requireBinary('opencode'), ['run', 'Use the read_item tool.'], { cwd: place.work, env: env(place) }, TURN_TIMEOUT_MS));
  }, TURN_TIMEOUT_MS);
});
