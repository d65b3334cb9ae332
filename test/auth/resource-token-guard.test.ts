// The hub lane's check for tokens made for /mcp (src/auth/resource-token-guard.ts): it finds `aud` naming
// /mcp at any byte alignment, in a list, with JSON's escaped slashes, and lets everything else through.
import { McpTokenForwardError } from '../../src/auth/errors';
import { createResourceTokenGuard } from '../../src/auth/resource-token-guard';

const NAMES = ['http://127.0.0.1:3000/mcp', 'http://localhost:3000/mcp', 'http://[::1]:3000/mcp'];
const jwtOf = (payload: string) => `Bearer ${Buffer.from('{"alg":"RS256","typ":"at+jwt"}').toString('base64url')}.${Buffer.from(payload).toString('base64url')}.c2lnbmF0dXJl`;
const guard = createResourceTokenGuard(NAMES);
const passes = (authorization: string | undefined) => {
  const headers: Record<string, string> = authorization === undefined ? { 'x-request-id': 'r' } : { authorization, 'x-request-id': 'r' };
  return guard(headers) === headers;
};

describe('auth: the hub lane keeps back tokens made for /mcp', () => {
  it('refuses a JWT whose aud names /mcp under any of its names, at any byte alignment', () => {
    for (const name of NAMES) {
      for (const padding of ['', 'x', 'xx']) {
        expect(() => guard({ authorization: jwtOf(`{"sub":"u${padding}","aud":"${name}"}`) })).toThrow(McpTokenForwardError);
      }
    }
  });

  it('refuses an aud list that holds /mcp, and slashes written as \\/', () => {
    expect(() => guard({ authorization: jwtOf(`{"aud":["https://api.example.test","${NAMES[1]}"]}`) })).toThrow(McpTokenForwardError);
    expect(() => guard({ authorization: jwtOf(JSON.stringify({ aud: NAMES[0] }).replace(/\//g, '\\/')) })).toThrow(McpTokenForwardError);
  });

  it('says to use /mcp, and never repeats the token', () => {
    const token = jwtOf(`{"sub":"secret-subject","aud":"${NAMES[0]}"}`);
    let error: unknown;
    try {
      guard({ authorization: token });
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'MCP_TOKEN_NOT_FORWARDED', message: expect.stringContaining(`Connect the client to ${NAMES[0]} instead of /sse and /messages`) });
    expect(String((error as Error).message)).not.toContain(token.slice(7, 40));
  });

  it('lets through the API tokens, opaque tokens, other schemes and no credentials at all', () => {
    expect(passes(jwtOf('{"sub":"u","aud":"https://api.example.test","iss":"http://localhost:3000"}'))).toBe(true);
    expect(passes(jwtOf('{"sub":"u","aud":"http://127.0.0.1:3000/mcp/other"}'))).toBe(true);
    expect(passes(jwtOf('{"sub":"u","note":"http://127.0.0.1:3000/mcp"}'))).toBe(true);
    expect(passes('Bearer opaque-token-value')).toBe(true);
    expect(passes('Basic dXNlcjpwYXNz')).toBe(true);
    expect(passes('Bearer a.not-base64-json:3000.b')).toBe(true);
    expect(passes(undefined)).toBe(true);
  });

  it('finds an https resource with aliases on other hosts', () => {
    const other = createResourceTokenGuard(['https://tools.example.com/mcp', 'https://mcp.example.org/v1/mcp']);
    expect(() => other({ authorization: jwtOf('{"aud":"https://mcp.example.org/v1/mcp"}') })).toThrow(McpTokenForwardError);
    expect(() => other({ authorization: jwtOf('{"aud":"https://tools.example.com/mcp"}') })).toThrow(McpTokenForwardError);
  });
});
