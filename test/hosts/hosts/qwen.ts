// Qwen Code: its OpenAI-compatible provider (chat completions) at OPENAI_BASE_URL; the docs' `mcpServers`
// block in ~/.qwen/settings.json; one-shot `qwen "<prompt>"`. The block says `alwaysLoadTools: true`:
// without it the model is offered only Qwen's `tool_search`/`tool_call` bridge, never the server's tools.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { docBlock } from '../support/doc-config';
import { baseEnv, requireBinary, type Host, type Place } from './host';

export const env = (place: Place): NodeJS.ProcessEnv => ({
  ...baseEnv(place),
  OPENAI_BASE_URL: `${place.modelUrl}/v1`,
  OPENAI_API_KEY: 'scripted-model',
  OPENAI_MODEL: 'scripted',
  // It relaunches itself with --expose-gc for its memory monitor: a second Node start each turn (about 8 s here).
  QWEN_CODE_NO_RELAUNCH: 'true',
});

/** ~/.qwen/settings.json: `fromDocs` (the page's `mcpServers` block), the scripted model's provider, no telemetry. */
export function writeSettings(place: Place, fromDocs: Record<string, unknown>): void {
  const settings = join(place.home, '.qwen');
  mkdirSync(settings, { recursive: true });
  const own = {
    security: { auth: { selectedType: 'openai' } },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    general: { disableAutoUpdate: true },
  };
  writeFileSync(join(settings, 'settings.json'), JSON.stringify({ ...fromDocs, ...own }, null, 2));
}

export const qwen: Host = {
  name: 'qwen',
  paths: ['/mcp', '/sse'],
  server: 'orders',
  async prepare(place) {
    writeSettings(place, JSON.parse(docBlock('qwen', place.path, place.serverUrl)) as Record<string, unknown>);
  },
  turn: (place, prompt) => ({ command: requireBinary('qwen'), args: [prompt], env: env(place) }),
  // MCP prompts are slash commands, which a one-shot run takes, with named arguments.
  prompt: (place, prompt, argument) => qwen.turn(place, `/${prompt} --customer="${argument}"`),
  // Its read_mcp_resource is deferred behind the bridge (alwaysLoadTools covers the server's own tools
  // only): the model calls it through `tool_call`, as Qwen's system prompt tells it to.
  readResource: (uri) => ({ call: 'tool_call', arguments: { name: 'read_mcp_resource', arguments: { server_name: 'orders', uri } } }),
  viewByUri: 'whole',
  reads: 'both',
  revision: '2025-11-25',
  signIn: 'qwen-oauth.host.ts',
  leftOut: {},
};
