// Parses `npm run sign-in -- <login> [--password <p>] [--call <tool> [--args <json>]] [--url <mcp url>]`.
import { parseArgs } from 'node:util';
import { DEMO_USERS } from '../../auth-server';
import type { SignInOptions } from './sign-in';

export const USAGE = `usage: npm run sign-in -- <login> [--call <tool> [--args '<json object>']] [--password <password>] [--url <mcp url>]
  signs <login> in at the tool server's authorization server without a browser (the sign-in form of
  npm run auth-server, filled over HTTP) and prints the tool's answer, or the tools' names without --call.
  --password defaults to the demo user's (${DEMO_USERS.map((user) => user.login).join(', ')}); --url to http://127.0.0.1:3000/mcp.`;

export function parseSignInArgs(argv: string[]): SignInOptions | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { password: { type: 'string' }, call: { type: 'string' }, args: { type: 'string' }, url: { type: 'string' } },
    });
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  const { values, positionals } = parsed;
  const [login, ...extra] = positionals;
  if (login === undefined) return 'a login is required (e.g. alice)';
  if (extra.length > 0) return `unexpected argument ${extra[0]}`;
  const password = values.password ?? DEMO_USERS.find((user) => user.login === login)?.password;
  if (password === undefined) return `${login} is not a demo user: give --password`;
  const url = values.url ?? 'http://127.0.0.1:3000/mcp';
  if (!URL.canParse(url)) return `--url: not a URL: ${url}`;
  if (values.args !== undefined && values.call === undefined) return '--args needs --call <tool>';
  let args: Record<string, unknown> = {};
  if (values.args !== undefined) {
    try {
      args = JSON.parse(values.args) as Record<string, unknown>;
    } catch {
      return '--args: not JSON';
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) return '--args: must be a JSON object';
  }
  return { url: new URL(url), login, password, ...(values.call === undefined ? {} : { call: { name: values.call, args } }) };
}
