// GitHub Copilot CLI: offline (COPILOT_OFFLINE), its own provider settings (BYOK) pointing at the scripted
// model's chat completions; `copilot mcp add` as the docs say; `copilot -p`. It speaks 2026-07-28 on /mcp
// (server/discover, no initialize), and tool names arrive as `orders-<tool>`.
import { dirname } from 'node:path';
import { runDocShell } from './doc-shell';
import { baseEnv, requireBinary, type Host, type Place } from './host';

export const env = (place: Place): NodeJS.ProcessEnv => ({
  ...baseEnv(place),
  PATH: `${dirname(requireBinary('copilot'))}:${process.env.PATH}`,
  // No GitHub sign-in, telemetry, update or GitHub MCP server: it asks for a provider of its own instead.
  COPILOT_OFFLINE: 'true',
  COPILOT_PROVIDER_BASE_URL: `${place.modelUrl}/v1`,
  COPILOT_PROVIDER_API_KEY: 'scripted-model',
  COPILOT_MODEL: 'scripted',
});

export const copilot: Host = {
  name: 'copilot',
  paths: ['/mcp', '/sse'],
  server: 'orders',
  prepare: (place) => runDocShell('copilot', place, env(place)),
  // -p needs each tool allowed up front; `orders` allows every tool of that server, nothing else.
  turn: (place, prompt) => ({ command: requireBinary('copilot'), args: ['-p', prompt, '--allow-tool', 'orders'], env: env(place) }),
  reads: 'both',
  revision: '2026-07-28',
  signIn: 'copilot-oauth.host.ts',
  leftOut: {
    prompt: 'Copilot CLI shows no MCP prompt: `-p "/orders:review_open_orders …"` reaches the model as typed (prompts are not a feature of its MCP client).',
    resource: 'Copilot CLI offers the model no tool to read an MCP resource.',
  },
};
