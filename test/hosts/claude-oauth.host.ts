// The host matrix for Claude Code in MCP_AUTH=oauth (scripts/host-matrix.sh): added with the URL alone, as
// docs/connect-your-host.md says, it signs in from its interactive `/mcp` menu (the server → Authenticate),
// driven in a terminal (support/terminal.ts). It opens the authorization URL through BROWSER and waits on
// its loopback callback; the test plays the user's browser (support/browser.ts) against the bundled
// authorization server. Then a headless turn (`-p`) calls a tool with the tokens it saved, and the API is
// called as the user.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_USERS } from '../../auth-server';
import { runChild } from '../support/children';
import { claimsOf } from './support/browser';
import { EVERY_SCOPE, expectCallAsUser, signInAt, TURN_TIMEOUT_MS, useSignInPlace } from './support/sign-in-place';
import { acceptFirstRun, env } from './hosts/claude';
import { requireBinary } from './hosts/host';

/** The page's OAuth line for Claude Code: the URL alone. */
const DOC_LINE = /^claude mcp add --transport http orders https:\/\/tools\.example\.com\/mcp$/m;

describe('Claude Code on /mcp given the URL alone (MCP_AUTH=oauth, the bundled authorization server)', () => {
  const at = useSignInPlace({ binary: 'claude', docLine: DOC_LINE, env, afterAdd: acceptFirstRun });

  it('signs in from `/mcp` → orders → Authenticate: the demo user in the browser it opens, its callback reached, the tokens saved with a refresh token', async () => {
    const { terminal, browser, mcpUrl, place } = at();
    // At start it met the 401 and says so.
    await terminal!.shows(/1 MCP server needs authentication/, 60_000);
    await terminal!.type('/mcp', true);
    await terminal!.shows(/orders\s+needs sign-in/);
    await terminal!.press('Enter');
    await terminal!.shows(/❯ Authenticate/);
    await terminal!.press('Enter');
    const authorization = await browser.opened();
    expect(authorization.searchParams.get('prompt')).toBe('consent');
    expect(new Set(authorization.searchParams.get('scope')?.split(' '))).toEqual(new Set(EVERY_SCOPE.split(' ')));
    const callback = await signInAt(at(), authorization);
    expect(callback.hostname).toBe('localhost');
    await terminal!.shows(/Signed in and connected to orders/);
    // Without a keychain, it keeps the tokens in the config folder's credentials file.
    const saved = JSON.parse(readFileSync(join(place.home, '.claude', '.credentials.json'), 'utf8')) as { mcpOAuth?: Record<string, Record<string, unknown>> };
    const orders = Object.values(saved.mcpOAuth ?? {}).find((entry) => entry.serverName === 'orders');
    expect(orders).toMatchObject({ serverUrl: mcpUrl, accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(claimsOf(String(orders!.accessToken))).toMatchObject({ sub: DEMO_USERS[0]!.login, aud: mcpUrl });
    await terminal!.close();
  }, TURN_TIMEOUT_MS);

  it('then a headless turn (-p) calls a tool with the saved tokens, and the API is called as the signed-in user', async () => {
    const { place } = at();
    await expectCallAsUser(at(), 'claude', () =>
      runChild(requireBinary('claude'), ['-p', 'Use the read_item tool.', '--allowedTools', 'mcp__orders'], { cwd: place.work, env: env(place) }, TURN_TIMEOUT_MS),
    );
  }, TURN_TIMEOUT_MS);
});
