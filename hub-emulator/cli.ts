// `npm run hub -- <command>`: talks to a running emulator. bind/invalidate go through the hub client
// with the embed key (HUB_EMBED_KEY, default the demo key); call/tools use the /emulator HTTP API.
import { parseArgs } from 'node:util';
import { request } from 'undici';
import { createHubClient, HubError } from '../src/hub';
import { DEMO_EMBED_KEY } from './demo-keys';

export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

export const HUB_CLI_USAGE = `usage:
  npm run hub                                   start the emulator
  npm run hub -- bind --ws <wsId> [--user <id>] [--tenant <id>] --token <token> [--cookie <value>] [--header Name=value]
  npm run hub -- invalidate (--ws <wsId> | --user <id>)
  npm run hub -- tools --ws <wsId> [--server <toolServerUrl>]
  npm run hub -- call --ws <wsId> [--server <toolServerUrl>] <tool> ['<json arguments>']
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

export async function runHubCli(argv: string[], io: CliIo): Promise<number> {
  const baseUrl = io.env['HUB_URL'] ?? 'http://127.0.0.1:4100';
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true });
  } catch (err) {
    io.stderr.write(`hub: ${err instanceof Error ? err.message : String(err)}\n${HUB_CLI_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;

  try {
    if (command === 'bind' && values.ws !== undefined) {
      const headers: Record<string, string> = {};
      if (values.token !== undefined) headers['Authorization'] = `Bearer ${values.token}`;
      for (const pair of values.header ?? []) {
        const at = pair.indexOf('=');
        if (at > 0) headers[pair.slice(0, at)] = pair.slice(at + 1);
      }
      const identity = values.user === undefined ? {} : { identity: { userId: values.user, ...(values.tenant === undefined ? {} : { tenantId: values.tenant }) } };
      const client = createHubClient({ baseUrl, keys: { embed: io.env['HUB_EMBED_KEY'] ?? DEMO_EMBED_KEY } });
      await client.bind({ wsId: values.ws, ...identity, authArtifacts: { headers, ...(values.cookie === undefined ? {} : { cookies: values.cookie }) } }).finally(() => client.close());
      io.stdout.write(`bound ${values.ws}${values.user === undefined ? ' (anonymous)' : ` to user ${values.user}`}\n`);
      return 0;
    }
    if (command === 'invalidate' && (values.ws !== undefined || values.user !== undefined)) {
      const client = createHubClient({ baseUrl, keys: { embed: io.env['HUB_EMBED_KEY'] ?? DEMO_EMBED_KEY } });
      const body = values.ws !== undefined ? { wsId: values.ws } : { userId: values.user ?? '' };
      const answer = await client.invalidate(body).finally(() => client.close());
      io.stdout.write(`${JSON.stringify(answer)}\n`);
      return 0;
    }
    if (command === 'tools' && values.ws !== undefined) {
      const query = new URLSearchParams({ wsId: values.ws, ...(values.server === undefined ? {} : { toolServerUrl: values.server }) });
      return await printAnswer(await request(`${baseUrl}/emulator/tools?${query}`), io);
    }
    if (command === 'call' && values.ws !== undefined && rest[0] !== undefined) {
      const args: unknown = JSON.parse(rest[1] ?? '{}');
      const body = JSON.stringify({ wsId: values.ws, tool: rest[0], arguments: args, ...(values.server === undefined ? {} : { toolServerUrl: values.server }) });
      return await printAnswer(await request(`${baseUrl}/emulator/call`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }), io);
    }
  } catch (err) {
    const message = err instanceof HubError || err instanceof SyntaxError ? err.message : err instanceof Error ? `could not reach the emulator at ${baseUrl} (${err.message})` : String(err);
    io.stderr.write(`hub: ${message}\n`);
    return 1;
  }
  io.stderr.write(HUB_CLI_USAGE);
  return 2;
}

async function printAnswer(res: { statusCode: number; body: { text(): Promise<string> } }, io: CliIo): Promise<number> {
  const text = await res.body.text();
  const pretty = (() => {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return text;
    }
  })();
  (res.statusCode < 300 ? io.stdout : io.stderr).write(`${pretty}\n`);
  return res.statusCode < 300 ? 0 : 1;
}
