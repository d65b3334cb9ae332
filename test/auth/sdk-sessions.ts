// The SDK v1 and v2 clients behind one small interface for the OAuth tests: opened against /mcp
// with a user who signs in (the authorization-code flow, without a browser: ./sign-in), then calls that
// sign the user in again only when the client sends them to authorize, which the provider counts.
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2, UnauthorizedError as UnauthorizedV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError as UnauthorizedV1 } from '@modelcontextprotocol/sdk/client/auth.js';
import { REDIRECT_URI, RememberingProvider, signInAndConsent } from './sign-in';

/** The two clients' shared shape for this test: a call, and finishing an authorization the user completed. */
export interface Session {
  callTool(name: string, args: Record<string, unknown>): Promise<unknown>;
  finishAuth(callback: URLSearchParams): Promise<void>;
  isUnauthorized(error: unknown): boolean;
  close(): Promise<void>;
}

export async function openV1(url: URL, provider: RememberingProvider): Promise<Session> {
  // The first connection only signs the user in (a transport is started once); the second one is kept.
  const first = new TransportV1(url, { authProvider: provider });
  await expectUnauthorized(new ClientV1({ name: 'sdk-v1', version: '1.0.0' }).connect(first), UnauthorizedV1);
  await first.finishAuth((await signIn(provider)).get('code')!);
  await first.close();
  const transport = new TransportV1(url, { authProvider: provider });
  const client = new ClientV1({ name: 'sdk-v1', version: '1.0.0' });
  await client.connect(transport);
  return {
    callTool: (name, args) => client.callTool({ name, arguments: args }),
    finishAuth: (callback) => transport.finishAuth(callback.get('code')!),
    isUnauthorized: (error) => error instanceof UnauthorizedV1,
    close: () => client.close(),
  };
}

export async function openV2(url: URL, provider: RememberingProvider): Promise<Session> {
  const first = new TransportV2(url, { authProvider: provider });
  await expectUnauthorized(new ClientV2({ name: 'sdk-v2', version: '1.0.0' }).connect(first), UnauthorizedV2);
  await first.finishAuth(await signIn(provider));
  await first.close();
  const transport = new TransportV2(url, { authProvider: provider });
  const client = new ClientV2({ name: 'sdk-v2', version: '1.0.0' });
  await client.connect(transport);
  return {
    callTool: (name, args) => client.callTool({ name, arguments: args }),
    finishAuth: (callback) => transport.finishAuth(callback),
    isUnauthorized: (error) => error instanceof UnauthorizedV2,
    close: () => client.close(),
  };
}

/** The user's part of the last authorization the client started: signs in, consents, lands on the redirect. */
const signIn = (provider: RememberingProvider) => signInAndConsent(provider.authorizationUrl!, REDIRECT_URI);

/** Runs `step`; when the client sends the user to authorize, the user signs in and the step runs again. */
export async function withSignIn<T>(session: Session, provider: RememberingProvider, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!session.isUnauthorized(error)) throw error;
    await session.finishAuth(await signIn(provider));
    return step();
  }
}

/** The first connection of a client without a token must end in the client sending the user to sign in. */
async function expectUnauthorized(connecting: Promise<void>, kind: new (...args: never[]) => Error): Promise<void> {
  const error = await connecting.then(() => undefined, (reason: unknown) => reason);
  if (!(error instanceof kind)) throw new Error(`expected the client to ask for authorization, got ${String(error)}`);
}
