// What a host's own OAuth sign-in test starts with (claude-oauth.host.ts, gemini-oauth.host.ts,
// codex-oauth.host.ts): the oauth stack with dynamic registration and /mcp on a port of its own, the
// scripted model, a fresh home and work folder, the scripted browser, the server added as the page says
// (its OAuth line run, or its config block written: read from docs/connect-your-host.md, so the test
// follows the page), and, for a host that signs in from its interactive UI, that UI in a terminal.
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOAuthStack, type OAuthStack } from '../../auth/oauth-stack';
import { DEMO_USERS } from '../../../auth-server';
import { runChild, type Finished } from '../../support/children';
import { freePort } from '../../support/processes';
import { requireBinary, type Place } from '../hosts/host';
import { startScriptedModel, type ScriptedModel } from '../model/server';
import { claimsOf, scriptedBrowser, signInThroughCallback, type ScriptedBrowser } from './browser';
import { DOC } from './doc-config';
import { openTerminal, type Terminal } from './terminal';

/** Every scope the tools declare, and offline_access: what the 401 names, so what the host asks for. */
export const EVERY_SCOPE = 'orders:read orders:write offline_access';

export interface SignInPlace {
  stack: OAuthStack;
  model: ScriptedModel;
  place: Place;
  browser: ScriptedBrowser;
  /** Undefined for a host that signs in from a command of its own (`codex mcp login`). */
  terminal: Terminal | undefined;
  mcpUrl: string;
  /** The model and the stack; the test closes the terminal, which it may do earlier. */
  close(): Promise<void>;
}

export interface SignInHost {
  /** Its binary, as scripts/hosts/versions names it. */
  binary: string;
  /** The page's OAuth line for it, with `https://tools.example.com/mcp` where the URL goes; or `configure`. */
  docLine?: RegExp;
  /** For a host added by a config file: writes the page's block into the fresh home, with `mcpUrl`. */
  configure?: (place: Place, mcpUrl: string) => void;
  /** False: no interactive UI is opened (the host signs in from a command). Default true. */
  interactive?: boolean;
  env: (place: Place) => NodeJS.ProcessEnv;
  /** Settings written into the fresh home before the page's line runs, and after it (Claude Code's first-run answers, into the file the line wrote). */
  prepare?: (place: Place) => void;
  afterAdd?: (place: Place) => void;
  args?: readonly string[];
}

export async function openSignInPlace({ binary, docLine, configure, interactive = true, env, prepare, afterAdd, args = [] }: SignInHost): Promise<SignInPlace> {
  const port = await freePort();
  const mcpUrl = `http://127.0.0.1:${port}/mcp`;
  const stack = await startOAuthStack({ port, registration: true, env: { OAUTH_RESOURCE: mcpUrl, OAUTH_CHALLENGE_SCOPE: EVERY_SCOPE } });
  const model = await startScriptedModel();
  const root = mkdtempSync(join(tmpdir(), `host-${binary}-oauth-`));
  const place: Place = { home: join(root, 'home'), work: join(root, 'work'), serverUrl: stack.url, modelUrl: model.url, path: '/mcp' };
  mkdirSync(place.home, { recursive: true });
  mkdirSync(place.work, { recursive: true });
  const browser = scriptedBrowser(root);
  prepare?.(place);
  if (docLine) {
    const line = docLine.exec(readFileSync(DOC, 'utf8'))?.[0];
    if (!line) throw new Error(`${DOC} no longer has the line ${docLine}: update this test with the page`);
    const added = await runChild('bash', ['-euo', 'pipefail', '-c', line.replace('https://tools.example.com/mcp', mcpUrl)], { cwd: place.work, env: env(place) }, 60_000);
    if (added.code !== 0) throw new Error(`${binary} mcp add failed (exit ${added.code}):\n${added.output}`);
  }
  configure?.(place, mcpUrl);
  afterAdd?.(place);
  const terminal = interactive ? await openTerminal(root, requireBinary(binary), args, { ...env(place), BROWSER: browser.command }, place.work) : undefined;
  return {
    stack,
    model,
    place,
    browser,
    terminal,
    mcpUrl,
    close: async () => {
      await model.close();
      await stack.close();
    },
  };
}

/**
 * The place for one describe block: opened before its tests, closed after them (the terminal too, unless
 * a test closed it already). Tests read it through the returned getter.
 */
export function useSignInPlace(host: SignInHost): () => SignInPlace {
  let opened: SignInPlace | undefined;
  beforeAll(async () => {
    opened = await openSignInPlace(host);
  }, TURN_TIMEOUT_MS);
  afterAll(async () => {
    await opened?.terminal?.close();
    await opened?.close();
  });
  return () => {
    if (!opened) throw new Error('the sign-in place did not open (see beforeAll)');
    return opened;
  };
}

/** How long a host's turn, or its sign-in, may take. */
export const TURN_TIMEOUT_MS = 120_000;

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';

/**
 * Scripts a `read_item` call, runs the host's `turn`, and checks that the host called the tool and that the
 * API was called as the signed-in demo user: the tool server exchanged the user's token for one made for
 * the API, whose subject is the user. `turn` resolves with the host's run, or undefined when it drives a
 * terminal (the call is then awaited).
 */
export async function expectCallAsUser(at: SignInPlace, host: string, turn: () => Promise<Finished | undefined>, id = 'x1'): Promise<void> {
  const recorded = at.model.script({ call: 'read_item', arguments: { id } });
  const run = await turn();
  const settled = run === undefined ? await recorded : await Promise.race([recorded, new Promise<undefined>((resolve) => setImmediate(() => resolve(undefined)))]);
  if (settled === undefined || !settled.tools.some((tool) => tool.endsWith('read_item'))) {
    const logs = at.stack.logText().split('\n').slice(-20).join('\n');
    throw new Error(`${host} did not call the tool (exit ${run?.code}): ${settled?.text ?? ''}\nits output (end):\n${run?.output.slice(-4000) ?? ''}\nthe tool server's log (end):\n${logs}`);
  }
  expect(settled.text).toContain(id);
  const sent = at.stack.api.requests.at(-1)?.headers.authorization ?? '';
  expect(sent).toMatch(/^Bearer /);
  expect(claimsOf(sent.slice('Bearer '.length))).toMatchObject({ sub: DEMO_USERS[0]!.login });
  expect(at.stack.as.grants).toContain(TOKEN_EXCHANGE);
}

/**
 * The authorization URL the host opened checked (this authorization server, the `/mcp` resource, PKCE
 * S256), the demo user signed in there, and the host's loopback callback reached; resolves with its URL.
 */
export async function signInAt(at: SignInPlace, authorization: URL): Promise<URL> {
  expect(authorization.origin).toBe(at.stack.as.issuer);
  expect(authorization.searchParams.get('resource')).toBe(at.mcpUrl);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  return signInThroughCallback(authorization);
}
