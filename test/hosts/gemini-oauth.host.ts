// The host matrix for Gemini CLI in MCP_AUTH=oauth (scripts/host-matrix.sh): added with the URL alone, as
// docs/connect-your-host.md says, it signs in from `/mcp auth orders` in its interactive CLI, driven in a
// terminal (support/terminal.ts). It opens the authorization URL through BROWSER and waits on its loopback
// callback; the test plays the user's browser (support/browser.ts) against the bundled authorization server.
// Then a headless turn (`-p`) calls a tool with the tokens it saved, and the API is called as the user.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_USERS } from '../../auth-server';
import { runChild } from '../support/children';
import { claimsOf } from './support/browser';
import { expectCallAsUser, signInAt, TURN_TIMEOUT_MS, useSignInPlace } from './support/sign-in-place';
import { env, writeSettings } from './hosts/gemini';
import { requireBinary } from './hosts/host';

/** The page's OAuth line for Gemini CLI: the URL alone, trusted (headless, it offers no tool it would confirm). */
const DOC_LINE = /^gemini mcp add --transport http orders https:\/\/tools\.example\.com\/mcp --trust$/m;

describe('Gemini CLI on /mcp given the URL alone (MCP_AUTH=oauth, the bundled authorization server)', () => {
  const at = useSignInPlace({ binary: 'gemini', docLine: DOC_LINE, env, prepare: writeSettings, args: ['-m', 'gemini-2.5-flash'] });

  it('signs in from `/mcp auth orders`: the demo user in the browser it opens, its callback reached, the tokens saved with a refresh token', async () => {
    const { terminal, browser, mcpUrl, place } = at();
    await terminal!.shows(/Type your message/, 60_000);
    // Enter once its completion list shows `orders` under the input ("Loading suggestions..." before):
    // Enter accepts the highlighted suggestion, and pressed before the list had caught up with the typing
    // it once submitted `/mcp auth clear` on a loaded machine.
    await terminal!.type('/mcp auth orders', true, /> \/mcp auth orders *\n(?:─+ *\n)? *orders *$/m);
    // It asks before it opens the browser; Yes is selected.
    await terminal!.shows(/Do you want to continue\?/);
    await terminal!.press('Enter');
    const authorization = await browser.opened();
    const callback = await signInAt(at(), authorization);
    expect(callback.hostname).toBe('localhost');
    await terminal!.shows(/Successfully authenticated and reloaded tools for 'orders'/);
    const saved = JSON.parse(readFileSync(join(place.home, '.gemini', 'mcp-oauth-tokens.json'), 'utf8')) as Array<{ serverName: string; token: Record<string, unknown> }>;
    const orders = saved.find((entry) => entry.serverName === 'orders');
    expect(orders?.token).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(claimsOf(String(orders!.token.accessToken))).toMatchObject({ sub: DEMO_USERS[0]!.login, aud: mcpUrl });
    await terminal!.close();
  }, TURN_TIMEOUT_MS);

  it('then a headless turn (-p) calls a tool with the saved tokens, and the API is called as the signed-in user', async () => {
    const { place } = at();
    await expectCallAsUser(at(), 'gemini', () =>
      runChild(requireBinary('gemini'), ['-m', 'gemini-2.5-flash', '-p', 'Use the read_item tool.'], { cwd: place.work, env: env(place) }, TURN_TIMEOUT_MS),
    );
  }, TURN_TIMEOUT_MS);
});
