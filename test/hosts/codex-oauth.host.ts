// The host matrix for Codex in MCP_AUTH=oauth (scripts/host-matrix.sh): the page's config block with the
// URL alone, then the page's `codex mcp login orders`, which opens the authorization URL through BROWSER and
// waits on its loopback callback; the test plays the user's browser (support/browser.ts) against the bundled
// authorization server. Then `codex exec` calls a tool with the tokens it saved, and the API is called as
// the user.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_USERS } from '../../auth-server';
import { runChild } from '../support/children';
import { claimsOf } from './support/browser';
import { DOC } from './support/doc-config';
import { expectCallAsUser, signInAt, TURN_TIMEOUT_MS, useSignInPlace } from './support/sign-in-place';
import { env, writeSettings } from './hosts/codex';
import { requireBinary } from './hosts/host';

/** The page's OAuth block for Codex (the URL alone, and the approval line `codex exec` needs) and its sign-in line. */
const DOC_BLOCK = /^\[mcp_servers\.orders\]\nurl = "https:\/\/tools\.example\.com\/mcp"\ndefault_tools_approval_mode = "approve"\n/m;
const DOC_LOGIN = /^codex mcp login orders$/m;

function pageSays(pattern: RegExp): string {
  const found = pattern.exec(readFileSync(DOC, 'utf8'))?.[0];
  if (found === undefined) throw new Error(`${DOC} no longer has ${pattern}: update this test with the page`);
  return found;
}

describe('Codex on /mcp given the URL alone (MCP_AUTH=oauth, the bundled authorization server)', () => {
  const block = pageSays(DOC_BLOCK);
  const at = useSignInPlace({ binary: 'codex', env, interactive: false, configure: (place, url) => writeSettings(place, block.replace('https://tools.example.com/mcp', url)) });

  it('signs in with `codex mcp login orders`: the demo user in the browser it opens, its callback reached, the tokens saved with a refresh token', async () => {
    const { browser, mcpUrl, place } = at();
    const [command = '', ...args] = pageSays(DOC_LOGIN).split(' ');
    expect(command).toBe('codex');
    const login = runChild(requireBinary('codex'), args, { cwd: place.work, env: { ...env(place), BROWSER: browser.command } }, TURN_TIMEOUT_MS);
    const authorization = await browser.opened();
    const callback = await signInAt(at(), authorization);
    expect(['localhost', '127.0.0.1']).toContain(callback.hostname);
    const done = await login;
    if (done.code !== 0) throw new Error(`codex mcp login exited ${done.code}:\n${done.output.slice(-4000)}`);
    // Without a keyring, it keeps the tokens in CODEX_HOME's credentials file, one entry per server.
    const saved = JSON.parse(readFileSync(join(place.home, '.codex', '.credentials.json'), 'utf8')) as Record<string, Record<string, unknown>>;
    const orders = Object.values(saved).find((entry) => entry.server_name === 'orders');
    expect(orders).toMatchObject({ server_url: mcpUrl, access_token: expect.any(String), refresh_token: expect.any(String) });
    expect(claimsOf(String(orders!.access_token))).toMatchObject({ sub: DEMO_USERS[0]!.login, aud: mcpUrl });
  }, TURN_TIMEOUT_MS);

  it('then `codex exec` calls a tool with the saved tokens, and the API is called as the signed-in user', async () => {
    const { place } = at();
    await expectCallAsUser(at(), 'codex', () =>
      runChild(requireBinary('codex'), ['exec', '--skip-git-repo-check', 'Use the read_item tool.'], { cwd: place.work, env: env(place) }, TURN_TIMEOUT_MS),
    );
  }, TURN_TIMEOUT_MS);
});
