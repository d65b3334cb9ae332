// opencode: an OpenAI-compatible provider (chat completions) and the docs' `mcp` block, both in the
// project's opencode.json; `opencode run`. OPENCODE_PURE keeps it from installing plugins from npm.
// Each `opencode run` attaches to one `opencode serve` started for the host's place: a fresh opencode
// costs about 8 CPU-seconds to start, an attached run about 2 (the budget of the matrix).
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { killGroup, spawnChild } from '../../support/children';
import { docBlock } from '../support/doc-config';
import { baseEnv, requireBinary, type Host, type Place } from './host';

export const opencode: Host = {
  name: 'opencode',
  paths: ['/mcp'],
  server: 'orders',
  async prepare(place) {
    writeSettings(place, JSON.parse(docBlock('opencode', place.path, place.serverUrl)) as Record<string, unknown>);
  },
  async start(place) {
    const port = await freePort();
    const child = spawnChild(requireBinary('opencode'), ['serve', '--port', String(port), '--hostname', '127.0.0.1'], { cwd: place.work, env: env(place) });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes(`127.0.0.1:${port}`)) resolve();
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => reject(new Error(`opencode serve ended (exit ${code}) before listening:\n${output}`)));
    });
    servers.set(place, `http://127.0.0.1:${port}`);
    return {
      async stop() {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        if (child.pid !== undefined) killGroup(child.pid, 'SIGTERM');
        await exited;
      },
    };
  },
  turn: (place, prompt) => ({ command: requireBinary('opencode'), args: ['run', ...attach(place), prompt], env: env(place) }),
  // MCP prompts are commands named <server>:<prompt>; the message is their argument.
  prompt: (place, prompt, argument) => ({ command: requireBinary('opencode'), args: ['run', ...attach(place), '--command', `orders:${prompt}`, argument], env: env(place) }),
  readResource: (uri) => ({ call: 'read_mcp_resource', arguments: { server: 'orders', uri } }),
  viewByUri: 'page',
  reads: 'text',
  revision: '2025-11-25',
  signIn: 'opencode-oauth.host.ts',
  leftOut: {
    '/sse': "opencode's `remote` tries Streamable HTTP first, and the docs tell its users to use /mcp: its HTTP+SSE fallback is not driven.",
  },
};

/** The project's opencode.json: `fromDocs` (the page's block: `$schema` and `mcp`), the scripted model as its provider. */
export function writeSettings(place: Place, fromDocs: Record<string, unknown>): void {
  const provider = {
    scripted: { npm: '@ai-sdk/openai-compatible', name: 'Scripted model', options: { baseURL: `${place.modelUrl}/v1`, apiKey: 'scripted-model' }, models: { scripted: { name: 'Scripted' } } },
  };
  writeFileSync(join(place.work, 'opencode.json'), JSON.stringify({ ...fromDocs, provider, model: 'scripted/scripted', autoupdate: false, share: 'disabled' }, null, 2));
}

export function env(place: Place): NodeJS.ProcessEnv {
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

const servers = new WeakMap<Place, string>();

function attach(place: Place): string[] {
  const url = servers.get(place);
  if (url === undefined) throw new Error('opencode: no server started for this place (start() first)');
  return ['--attach', url, '--dir', place.work];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
