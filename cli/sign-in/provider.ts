// What an assistant keeps for one user, in memory: its registration, the PKCE verifier, the
// discovery, the tokens. Counts the authorizations a client started, so a test can say how often a user was
// sent to sign in. Used by `npm run sign-in` (./main.ts) and the OAuth tests.
import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';

// Nothing listens here: a browser would land on it; ./form.ts only reads the redirect.
export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

export class RememberingProvider implements OAuthClientProvider {
  /** Every authorization URL the client sent the user to, in order. */
  readonly authorizations: URL[] = [];
  private client: StoredOAuthClientInformation | undefined;
  private stored: StoredOAuthTokens | undefined;
  private verifier: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  readonly redirectUrl = REDIRECT_URI;
  readonly clientMetadata: OAuthClientMetadata;
  constructor(name = 'code-flow e2e', grantTypes: readonly string[] = ['authorization_code']) {
    this.clientMetadata = { client_name: name, redirect_uris: [REDIRECT_URI], response_types: ['code'], grant_types: [...grantTypes], token_endpoint_auth_method: 'none' };
  }
  get authorizationUrl(): URL | undefined {
    return this.authorizations.at(-1);
  }
  clientInformation = () => this.client;
  saveClientInformation = (client: StoredOAuthClientInformation) => void (this.client = client);
  tokens = () => this.stored;
  saveTokens = (tokens: StoredOAuthTokens) => void (this.stored = tokens);
  redirectToAuthorization = (url: URL) => void this.authorizations.push(url);
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier);
  codeVerifier(): string {
    if (!this.verifier) throw new Error('no code verifier saved');
    return this.verifier;
  }
  saveDiscoveryState = (state: OAuthDiscoveryState) => void (this.discovery = state);
  discoveryState = () => this.discovery;
}

