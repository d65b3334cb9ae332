// Codex: the Responses API through a `model_providers` entry (`wire_api = "chat"` is gone); the server from
// the docs' config.toml block; `codex exec`. Codex speaks Streamable HTTP only (it POSTs to /sse and drops
// the server silently), so it is driven on /mcp alone.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { docBlock } from '../support/doc-config';
import { baseEnv, requireBinary, type Host, type Place } from './host';

const codexHome = (place: Place) => join(place.home, '.codex');

export const env = (place: Place): NodeJS.ProcessEnv => ({ ...baseEnv(place), CODEX_HOME: codexHome(place) });

/** Codex's config.toml: the scripted model as its provider, then `serverBlock` (the page's `[mcp_servers.orders]`). */
export function writeSettings(place: Place, serverBlock: string): void {
  mkdirSync(codexHome(place), { recursive: true });
  const settings = [
    'model = "scripted"',
    'model_provider = "scripted"',
    'check_for_update_on_startup = false',
    '',
    '[analytics]',
    'enabled = false',
    '',
    '[model_providers.scripted]',
    'name = "Scripted model"',
    `base_url = "${place.modelUrl}/v1"`,
    'wire_api = "responses"',
    '',
  ].join('\n');
  writeFileSync(join(codexHome(place), 'config.toml'), `${settings}\n${serverBlock}`);
}

export const codex: Host = {
  name: 'codex',
  paths: ['/mcp'],
  server: 'orders',
  async prepare(place) {
    writeSettings(place, docBlock('codex', place.path, place.serverUrl));
  },
  turn: (place, prompt) => ({
    command: requireBinary('codex'),
    args: ['exec', '--skip-git-repo-check', prompt],
    env: env(place),
  }),
  readResource: (uri) => ({ call: 'read_mcp_resource', arguments: { server: 'orders', uri } }),
  viewByUri: 'page',
  reads: 'structuredContent',
  revision: '2025-06-18',
  signIn: 'codex-oauth.host.ts',
  leftOut: {
    '/sse': 'Codex speaks Streamable HTTP only: it POSTs to /sse and drops the server without a word.',
    prompt: 'Codex shows no MCP prompt to the model or to `codex exec` (prompts are not a feature of its MCP client).',
  },
};
