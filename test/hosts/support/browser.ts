// The user's browser for a host's own OAuth sign-in: BROWSER names a script that writes the URL the host
// opens to a file (hosts open URLs with the `open` package, which honours BROWSER), and the test plays the
// sign-in (cli/sign-in/form.ts: the demo user's form, then consent) and lands on the host's loopback callback.
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signInAndConsent } from '../../../cli/sign-in/form';

export interface ScriptedBrowser {
  /** The value for the host's BROWSER. */
  command: string;
  /** Resolves with the first URL the host opened, now or when it does; fails after `timeoutMs`. */
  opened(timeoutMs?: number): Promise<URL>;
}

/** A browser that opens nothing and writes each URL it is given into `dir`. */
export function scriptedBrowser(dir: string): ScriptedBrowser {
  const command = join(dir, 'browser.sh');
  const file = join(dir, 'opened.txt');
  writeFileSync(command, `#!/bin/sh\nprintf '%s\\n' "$1" >> '${file}'\n`);
  chmodSync(command, 0o755);
  return {
    command,
    async opened(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      // The script writes a whole line at once: a URL is read once its newline is there.
      while (!existsSync(file) || !readFileSync(file, 'utf8').includes('\n')) {
        if (Date.now() > deadline) throw new Error(`the host opened no URL within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return new URL(readFileSync(file, 'utf8').split('\n')[0]!);
    },
  };
}

/** Signs the demo user in at `authorization` and lands on its redirect_uri, the host's callback; resolves with that URL. */
export async function signInThroughCallback(authorization: URL): Promise<URL> {
  const callback = authorization.searchParams.get('redirect_uri');
  if (!callback) throw new Error(`the authorization URL names no redirect_uri: ${authorization.href}`);
  const answer = await signInAndConsent(authorization, callback);
  const landed = await fetch(`${callback}?${answer.toString()}`);
  if (!landed.ok) throw new Error(`the host's callback ${callback} answered ${landed.status}: ${(await landed.text()).slice(0, 500)}`);
  return new URL(callback);
}

/** The claims of a JWT, unverified: what a token says about its user, for a test to read. */
export const claimsOf = (jwt: string): Record<string, unknown> => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
