// A call from a machine client (OAuth client credentials on /mcp: a CI job, a backend; no person signed
// in) that needs a user: a tool declared `needsUser`, or an API reached with credentials that name a user
// (UPSTREAM_AUTH=client-credentials sends the user's subject, on-behalf-of exchanges a user's token). No
// user credential is ever made up for it: the call ends with this sentence, before any request.
import type { UpstreamGrant } from './upstream-auth-error';

export class NoUserError extends Error {
  override name = 'NoUserError';
  readonly code = 'NO_USER';

  constructor(
    /** What needs the user: a tool by name, or the grant that makes the API's credentials. */
    readonly needer: { tool: string } | { grant: UpstreamGrant },
  ) {
    const what = 'tool' in needer ? `The tool ${needer.tool} acts for a signed-in person` : "This tool server's API acts for a signed-in person";
    const next =
      'tool' in needer
        ? 'Call it from a client where a person signs in; tools that need no user still work for this client.'
        : 'Call it from a client where a person signs in, or ask your administrator about UPSTREAM_AUTH=token-exchange, which gives a machine client a token of its own.';
    super(`${what}, and this caller is a machine client signed in with its own credentials, with no user (error: no user). ${next}`);
  }
}
