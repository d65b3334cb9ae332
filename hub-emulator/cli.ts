// `npm run hub -- <command>`: talks to a running emulator. bind/invalidate go through the hub client
// with the embed key (HUB_EMBED_KEY, default the demo key); call/tools use the /emulator HTTP API.
import { parseArgs } from 'node:util';
import { request } from 'undici';
import { createHubClient, HubError, type AuthArtifacts, type BindRequest } from '../src/hub';
import { DEMO_EMBED_KEY } from './demo-keys';

export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

export const HUB_CLI_USAGE = `usage:
  npm run hub                                   start the emulator
  npm run hub -- bind --ws <wsId> [--user <id>] [--tenant <id>] [--token <token>] [--cookie <value>] [--header Name=value]
  npm run hub -- invalidate (--ws <wsId> | --user <id>)
  npm run hub -- tools --ws <wsId> [--server <toolServerUrl>]
  npm run hub -- call --ws <wsId> [--server <toolServerUrl>] <tool> ['<json arguments>']
settings (environment): HUB_URL, the running emulator (default http://127.0.0.1:4100); HUB_EMBED_KEY (default the demo key)
`;

const options = {
  ws: { type: 'string' },
  user: { type: 'string' },
  tenant: { type: 'string' },
  token: { type: 'string' },
  cookie: { type: 'string' },
  header: { type: 'string', multiple: true },
  server: { type: 'string' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];

function bindRequest(wsId: string, values: Values): BindRequest {
  const headers: Record<string, string> = {};
  if (values.token !== undefined) headers['Authorization'] = `Bearer ${values.token}`;
  for (const pair of values.header ?? []) {
    const at = pair.indexOf('=');
    if (at > 0) headers[pair.slice(0, at)] = pair.slice(at + 1);
  }
  const authArtifacts: AuthArtifacts = values.cookie === undefined ? { headers } : { headers, cookies: values.cookie };
  if (values.user === undefined) return { wsId, authArtifacts };
  // tenantId on the identity is an emulator extension: it becomes X-Tenant-Id
  const identity = values.tenant === undefined ? { userId: values.user } : { userId: values.user, tenantId: values.tenant };
  return { wsId, identity, authArtifacts };
}

async function printAnswer(res: Awaited<ReturnType<typeof request>>, io: CliIo): Promise<number> {
  const text = await res.body.text();
  let pretty = text;
  try {
    pretty = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // not JSON: print as it came
  }
  const ok = res.statusCode < 300;
  (ok ? io.stdout : io.stderr).write(`${pretty}\n`);
  return ok ? 0 : 1;
}

/** The running emulator: HUB_URL, where an empty value counts as unset, as for every setting (docs/configuration.md). */
export function emulatorUrlOf(env: NodeJS.ProcessEnv): string {
  return env['HUB_URL'] || 'http://127.0.0.1:4100';
}

export async function runHubCli(argv: string[], io: CliIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) return (io.stdout.write(HUB_CLI_USAGE), 0);
  const baseUrl = emulatorUrlOf(io.env);
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true });
  } catch (err) {
    io.stderr.write(`hub: ${err instanceof Error ? err.message : String(err)}\n${HUB_CLI_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, tool, json] = positionals;
  const embedClient = () => createHubClient({ baseUrl, keys: { embed: io.env['HUB_EMBED_KEY'] || DEMO_EMBED_KEY } });
  const server: Record<string, string> = values.server === undefined ? {} : { toolServerUrl: values.server };

  try {
    if (command === 'bind' && values.ws !== undefined) {
      const client = embedClient();
      await client.bind(bindRequest(values.ws, values)).finally(() => client.close());
      io.stdout.write(`bound ${values.ws}${values.user === undefined ? ' (anonymous)' : ` to user ${values.user}`}\n`);
      return 0;
    }
    if (command === 'invalidate' && (values.ws !== undefined || values.user !== undefined)) {
      const client = embedClient();
      const body = values.ws !== undefined ? { wsId: values.ws } : { userId: values.user ?? '' };
      const answer = await client.invalidate(body).finally(() => client.close());
      io.stdout.write(`${JSON.stringify(answer)}\n`);
      return 0;
    }
    if (command === 'tools' && values.ws !== undefined) {
      const query = new URLSearchParams({ wsId: values.ws, ...server });
      return await printAnswer(await request(`${baseUrl}/emulator/tools?${query}`), io);
    }
    if (command === 'call' && values.ws !== undefined && tool !== undefined) {
      const body = JSON.stringify({ wsId: values.ws, tool, arguments: JSON.parse(json ?? '{}') as unknown, ...server });
      const headers = { 'content-type': 'application/json' };
      return await printAnswer(await request(`${baseUrl}/emulator/call`, { method: 'POST', headers, body }), io);
    }
  } catch (err) {
    if (err instanceof HubError) io.stderr.write(`hub: ${err.message}\n`);
    else if (err instanceof SyntaxError) io.stderr.write(`hub: the arguments are not valid JSON (${err.message})\n`);
    else io.stderr.write(`hub: could not reach the emulator at ${baseUrl}\n`);
    return 1;
  }
  io.stderr.write(HUB_CLI_USAGE);
  return 2;
}
