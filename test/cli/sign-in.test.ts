// `npm run sign-in`: signs a demo user in at the local authorization server without a browser and
// prints the tool's answer: the user's token reaches the tool server (and, exchanged, the API); a step-up is one
// more sign-in; a wrong password is refused; and the command itself prints only the answer on stdout. Against
// the OAuth test stack's stub tools (the example API's own sign-in test: example-api/sign-in.test.ts).
import { join } from 'node:path';
import { parseSignInArgs, USAGE } from '../../cli/sign-in/args';
import { signInAndCall } from '../../cli/sign-in/sign-in';
import { freePort } from '../support/processes';
import { startOAuthStack, type OAuthStack } from '../auth/oauth-stack';
import { runChild } from '../support/children';

const payloadOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

let stack: OAuthStack;
let mcpUrl: string;
beforeAll(async () => {
  const port = await freePort();
  mcpUrl = `http://127.0.0.1:${port}/mcp`;
  stack = await startOAuthStack({ port, env: { OAUTH_RESOURCE: mcpUrl, OAUTH_CHALLENGE_SCOPE: 'orders:read offline_access' }, registration: true });
});
afterAll(() => stack?.close());

const options = (argv: string[]) => {
  const parsed = parseSignInArgs([...argv, '--url', mcpUrl]);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
};

describe('npm run sign-in', () => {
  it("calls a tool as the user: the API gets a token exchanged for alice's", async () => {
    expect(await signInAndCall(options(['alice', '--call', 'read_item', '--args', '{"id":"s1"}']))).toEqual({ text: '{"id":"s1"}', isError: false, signIns: 1 });
    const sent = String(stack.api.requests.at(-1)?.headers.authorization).replace(/^Bearer /, '');
    expect(payloadOf(sent)).toMatchObject({ sub: 'alice' });
  });

  it('without --call, lists the tools; write_item signs in a second time for the step-up', async () => {
    expect((await signInAndCall(options(['bob']))).text.split('\n')).toEqual(['hello', 'read_item', 'write_item']);
    expect(await signInAndCall(options(['bob', '--call', 'write_item']))).toEqual({ text: 'written', isError: false, signIns: 2 });
  });

  it('a wrong password is refused with the sign-in page\'s words', async () => {
    await expect(signInAndCall(options(['alice', '--password', 'wrong', '--call', 'hello']))).rejects.toThrow('the sign-in page said: Unknown login or wrong password.');
  });

  it('bad arguments are named', () => {
    expect(parseSignInArgs([])).toBe('a login is required (e.g. alice)');
    expect(parseSignInArgs(['carol'])).toBe('carol is not a demo user: give --password');
    expect(parseSignInArgs(['alice', '--args', '{}'])).toBe('--args needs --call <tool>');
    expect(parseSignInArgs(['alice', '--call', 'x', '--args', '[1]'])).toBe('--args: must be a JSON object');
  });

  it('--help prints the usage on stdout and exits 0', async () => {
    const { code, stdout, stderr } = await runChild(process.execPath, ['--import', 'tsx', 'cli/sign-in/main.ts', '--help'], {
      cwd: join(__dirname, '..', '..'),
      env: { PATH: process.env.PATH },
    });
    expect({ code, stdout, stderr }).toEqual({ code: 0, stdout: `${USAGE}\n`, stderr: '' });
  });

  it('the command prints only the answer on stdout, the rest on stderr', async () => {
    const { code, stdout, stderr } = await runChild(process.execPath, ['--import', 'tsx', 'cli/sign-in/main.ts', 'alice', '--call', 'hello', '--url', mcpUrl], {
      cwd: join(__dirname, '..', '..'),
      env: { PATH: process.env.PATH },
    });
    expect({ code, stdout, stderr }).toEqual({ code: 0, stdout: 'hello\n', stderr: 'sign-in: alice signed in once\n' });
  });
});
