// The host matrix for Qwen Code in MCP_AUTH=oauth (scripts/host-matrix.sh): the page's entry without
// `headers`, with the server's URL. A one-shot run does not sign in (it reports the server offline and
// goes on): the user signs in from the interactive `/mcp` dialog (orders → Authenticate), driven in a
// terminal (support/terminal.ts). It opens the authorization URL through BROWSER and waits on its loopback
// callback (localhost:7777); the test plays the user's browser (support/browser.ts) against the bundled
// authorization server. Then a one-shot run calls the tool with the saved tokens, as the user.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_USERS } from '../../auth-server';
import { runChild } from '../support/children';
import { claimsOf } from './support/browser';
import { docBlock } from './support/doc-config';
import { expectCallAsUser, signInAt, TURN_TIMEOUT_MS, useSignInPlace } from './support/sign-in-place';
import { env, writeSettings } from './hosts/qwen';
import { requireBinary, type Place } from './hosts/host';

/** "The entry without `headers`, with the URL of your server", as the page says. */
function configure(place: Place, url: string): void {
  const block = JSON.parse(docBlock('qwen', '/mcp', '')) as { mcpServers: { orders: Record<string, unknown> } };
  const { headers: _headers, ...orders } = block.mcpServers.orders;
  writeSettings(place, { mcpServers: { orders: { ...orders, httpUrl: url } } });
}

describe('Qwen Code on /mcp given the URL alone (MCP_AUTH=oauth, the bundled authorization server)', () => {
  const at = useSignInPlace({ binary: 'qwen', env, configure });

  it('signs in from its interactive `/mcp` dialog (orders → Authenticate): the demo user in the browser it opens, its callback reached, the tokens saved with a refresh token', async () => {
    const { terminal, browser, mcpUrl, place } = at();
    await terminal!.shows(/Type your message/, 60_000);
    // Its `/mcp` dialog: the server, then its Authenticate action (`/mcp auth` now points there).
    await terminal!.type('/mcp', true);
    await terminal!.shows(/orders/);
    await terminal!.press('Enter');
    await terminal!.shows(/Status:\s+✗ needs authentication[\s\S]*› Reconnect/);
    await terminal!.press('Down', 'Down');
    await terminal!.shows(/› Authenticate/);
    await terminal!.press('Enter');
    const authorization = await browser.opened(60_000).catch(async (error: Error) => {
      throw new Error(`${error.message}; the terminal shows:\n${(await terminal!.screen()).slice(-3000)}`);
    });
    const callback = await signInAt(at(), authorization);
    expect(callback.href).toBe('http://localhost:7777/oauth/callback');
    await terminal!.shows(/Successfully authenticated/);
    const saved = JSON.parse(readFileSync(join(place.home, '.qwen', 'mcp-oauth-tokens.json'), 'utf8')) as Array<{ serverName: string; token: Record<string, unknown> }>;
    const orders = saved.find((entry) => entry.serverName === 'orders');
    expect(orders?.token).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(claimsOf(String(orders!.token.accessToken))).toMatchObject({ sub: DEMO_USERS[0]!.login, aud: mcpUrl });
    await terminal!.close();
  }, TURN_TIMEOUT_MS);

  it('then a one-shot run calls the tool with the saved tokens, and the API is called as the signed-in user', async () => {
    const { place } = at();
    await expectCallAsUser(at(), 'qwen', () => runChild(requireBinary('qwen'), ['Use the read_item tool.'], { cwd: place.work, env: env(place) }, TURN_TIMEOUT_MS));
  }, TURN_TIMEOUT_MS);
});
