// Signs a demo user in to a tool server in MCP_AUTH=oauth mode and calls one of its tools, without a browser
//: the SDK v2 client discovers everything from the /mcp URL, registers itself, and the user's part
// (the sign-in form of `npm run auth-server`) is filled over HTTP. A step-up (403 insufficient_scope) is one
// more sign-in, done the same way.
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { signInAndConsent } from './form';
import { REDIRECT_URI, RememberingProvider } from './provider';

export interface SignInOptions {
  /** The tool server's /mcp URL. */
  url: URL;
  login: string;
  password: string;
  /** A tool to call once signed in; without one, the tools are listed. */
  call?: { name: string; args: Record<string, unknown> };
}

export interface SignedIn {
  /** The tool's text answer, or the names of the tools, one a line. */
  text: string;
  /** Whether the tool answered with isError. */
  isError: boolean;
  /** How many times the user was sent to sign in (1, or 2 after a step-up). */
  signIns: number;
}

export async function signInAndCall({ url, login, password, call }: SignInOptions): Promise<SignedIn> {
  const provider = new RememberingProvider('npm run sign-in', ['authorization_code', 'refresh_token']);
  const user = { login, password };
  let client = new Client({ name: 'sign-in', version: '1.0.0' });
  let transport = new StreamableHTTPClientTransport(url, { authProvider: provider });

  /** Runs `step`; when the client sends the user to authorize, the user signs in and it runs once more. */
  async function signedIn<T>(step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof UnauthorizedError) || provider.authorizationUrl === undefined) throw error;
      await transport.finishAuth(await signInAndConsent(provider.authorizationUrl, REDIRECT_URI, user));
      return step();
    }
  }

  try {
    await signedIn(async () => {
      // A transport starts once: after the sign-in, connect afresh, now with the tokens.
      if (provider.authorizations.length > 0) {
        client = new Client({ name: 'sign-in', version: '1.0.0' });
        transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
      }
      await client.connect(transport);
    });
    if (call === undefined) {
      const { tools } = await client.listTools();
      return { text: tools.map((tool) => tool.name).join('\n'), isError: false, signIns: provider.authorizations.length };
    }
    const result = await signedIn(() => client.callTool({ name: call.name, arguments: call.args }));
    const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
    const text = content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
    return { text, isError: result.isError === true, signIns: provider.authorizations.length };
  } finally {
    await client.close();
  }
}
