// Gemini CLI: generateContent at GOOGLE_GEMINI_BASE_URL with an API key; `gemini mcp add` as the docs say
// (project scope, which Gemini CLI reads only in a trusted folder); `-p`. A fixed model (-m) keeps the
// model router's classifier calls out of the turn.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runDocShell } from './doc-shell';
import { baseEnv, requireBinary, type Host, type Place } from './host';

export const env = (place: Place): NodeJS.ProcessEnv => ({
  ...baseEnv(place),
  PATH: `${dirname(requireBinary('gemini'))}:${process.env.PATH}`,
  GEMINI_API_KEY: 'scripted-model',
  GOOGLE_GEMINI_BASE_URL: place.modelUrl,
  GEMINI_CLI_NO_RELAUNCH: 'true',
});

/** Its user settings (an API key, telemetry and updates off) and the trusted work folder, before a server is added. */
export function writeSettings(place: Pick<Place, 'home' | 'work'>): void {
  const settings = join(place.home, '.gemini');
  mkdirSync(settings, { recursive: true });
  writeFileSync(
    join(settings, 'settings.json'),
    JSON.stringify({
      security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: true } },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      general: { disableAutoUpdate: true, disableUpdateNag: true },
    }),
  );
  writeFileSync(join(settings, 'trustedFolders.json'), JSON.stringify({ [place.work]: 'TRUST_FOLDER' }));
}

export const gemini: Host = {
  name: 'gemini',
  paths: ['/mcp', '/sse'],
  server: 'orders',
  async prepare(place) {
    writeSettings(place);
    await runDocShell('gemini', place, env(place));
  },
  turn: (place, prompt) => ({ command: requireBinary('gemini'), args: ['-m', 'gemini-2.5-flash', '-p', prompt], env: env(place) }),
  // MCP prompts are slash commands, which -p runs, with named arguments.
  prompt: (place, prompt, argument) => gemini.turn(place, `/${prompt} --customer="${argument}"`),
  readResource: (uri) => ({ call: 'read_mcp_resource', arguments: { serverName: 'orders', uri } }),
  viewByUri: 'withheld',
  reads: 'text',
  // No `revision`: its requests name none (no MCP-Protocol-Version header, after initialize too).
  leftOut: {},
  // `/mcp auth orders` in its interactive CLI, in a terminal, with the scripted browser.
  signIn: 'gemini-oauth.host.ts',
};
