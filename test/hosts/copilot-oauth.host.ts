// The host matrix for GitHub Copilot CLI in MCP_AUTH=oauth (scripts/host-matrix.sh): added with the URL
// alone, as docs/connect-your-host.md says, its interactive CLI (driven in a terminal, support/terminal.ts)
// meets the 401 at start and signs in by itself: it opens the authorization URL through BROWSER and waits
// on its loopback callback (`/mcp auth orders` shows the same URL again); the test plays the user's browser
// (support/browser.ts) against the bundled authorization server. Then a turn in the same session calls a
// tool, and the API is called as the user. A headless run (`-p`) afterwards did not offer the server's
// tools (without a keychain it keeps the tokens for the session only), so the page says to sign in and
// work in the interactive CLI.
import { expectCallAsUser, signInAt, TURN_TIMEOUT_MS, useSignInPlace } from './support/sign-in-place';
import { env } from './hosts/copilot';

/** The page's OAuth line for Copilot CLI: the URL alone (written inline in the page). */
const DOC_LINE = /copilot mcp add --transport http orders https:\/\/tools\.example\.com\/mcp(?=`)/;

describe('GitHub Copilot CLI on /mcp given the URL alone (MCP_AUTH=oauth, the bundled authorization server)', () => {
  const at = useSignInPlace({ binary: 'copilot', docLine: DOC_LINE, env });

  it('signs in at start, once the folder is trusted: the demo user in the browser it opens, its callback reached, the server connected', async () => {
    const { terminal, browser } = at();
    // A first run in a folder asks whether to trust it: Yes, for this session.
    await terminal!.shows(/Do you trust the files in this folder\?/, 60_000);
    await terminal!.press('Enter');
    const authorization = await browser.opened(60_000).catch(async (error: Error) => {
      throw new Error(`${error.message}; the terminal shows:\n${(await terminal!.screen()).slice(-3000)}`);
    });
    const callback = await signInAt(at(), authorization);
    expect(['localhost', '127.0.0.1']).toContain(callback.hostname);
    // Its `/mcp` panel lists the server by the name it gave at initialize, connected.
    await terminal!.type('/mcp', true);
    await terminal!.shows(/OAuth test server\s+User\s+mcp:orders/);
    await terminal!.press('Escape');
    // The panel takes a moment to close; keys typed before then go to its filter.
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }, TURN_TIMEOUT_MS);

  it('then a turn in the same session calls a tool, and the API is called as the signed-in user', async () => {
    const { terminal } = at();
    await expectCallAsUser(at(), 'copilot', async () => {
      await terminal!.type('Use the read_item tool.', true);
      // It asks before it calls a tool of this server: Yes, once.
      await terminal!.shows(/Do you want to use this tool\?/, 60_000);
      await terminal!.press('Enter');
      return undefined;
    });
  }, TURN_TIMEOUT_MS);
});
