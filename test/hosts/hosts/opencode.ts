// opencode: an OpenAI-compatible provider (chat completions) and the docs' `mcp` block, both in the
// project's opencode.json; `opencode run`. OPENCODE_PURE keeps it from installing plugins from npm.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { docBlock } from '../support/doc-config';
import { baseEnv, requireBinary, type Host, type Place } from './host';

export const opencode: Host = {
  name: 'opencode',
  paths: ['/mcp'],
  server: 'orders',
  async prepare(place) {
    const fromDocs = JSON.parse(docBlock('opencode', place.path, place.serverUrl)) as Record<string, unknown>;
    const provider = {
    scripted: { npm: '@ai-sdk/openai-compatible', name: 'Scripted model', options: { baseURL: `${place.modelUrl}/v1`, apiKey: 'scripted-model' }, models: { scripted: { name: 'Scripted' } } },
    };
    writeFileSync(join(place.work, 'opencode.json'), JSON.stringify({ ...fromDocs, provider, model: 'scripted/scripted', autoupdate: false, share: 'disabled' }, null, 2));
  },
  turn: (place, prompt) => ({ command: requireBinary('opencode'), args: ['run', prompt], env: env(place) }),
  // MCP prompts are commands named <server>:<prompt>; the message is their argument.
  prompt: (place, prompt, argument) => ({ command: requireBinary('opencode'), args: ['run', '--command', `orders:${prompt}`, argument], env: env(place) }),
  readResource: (uri) => ({ call: 'read_mcp_resource', arguments: { server: 'orders', uri } }),
};

function env(place: Place): NodeJS.ProcessEnv {
  return {
    ...baseEnv(place),
    OPENCODE_PURE: '1',
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
    OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
    OPENCODE_DISABLE_SHARE: '1',
  };
}
