// Claude Code: the Anthropic Messages API at ANTHROPIC_BASE_URL; `claude mcp add` as the docs say; `-p`.
// Root refuses --dangerously-skip-permissions, so the server's tools are allowed by name (mcp__orders).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runDocShell } from './doc-shell';
import { baseEnv, requireBinary, type Host, type Place } from './host';

export const env = (place: Place): NodeJS.ProcessEnv => ({
  ...baseEnv(place),
  PATH: `${dirname(requireBinary('claude'))}:${process.env.PATH}`,
  ANTHROPIC_BASE_URL: place.modelUrl,
  ANTHROPIC_API_KEY: 'scripted-model',
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  DISABLE_AUTOUPDATER: '1',
  DISABLE_TELEMETRY: '1',
  DISABLE_ERROR_REPORTING: '1',
  // Else the MCP tools hide behind tool search and the model sees only the search tool.
  ENABLE_TOOL_SEARCH: 'false',
});

/**
 * Answers the interactive CLI's first-run questions as a user would have, in the config `claude mcp add`
 * wrote (~/.claude.json): onboarding done, the API key of `env` approved, the work folder trusted.
 */
export function acceptFirstRun(place: Place): void {
  const file = join(place.home, '.claude.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as { projects?: Record<string, Record<string, unknown>> } & Record<string, unknown>;
  const key = String(env(place).ANTHROPIC_API_KEY);
  // It remembers an approved key by its last 20 characters.
  Object.assign(config, { hasCompletedOnboarding: true, theme: 'dark', customApiKeyResponses: { approved: [key.slice(-20)], rejected: [] } });
  config.projects = { ...config.projects, [place.work]: { ...config.projects?.[place.work], hasTrustDialogAccepted: true } };
  writeFileSync(file, JSON.stringify(config));
}

export const claude: Host = {
  name: 'claude',
  paths: ['/mcp', '/sse'],
  server: 'orders',
  prepare: (place) => runDocShell('claude', place, env(place)),
  turn: (place, prompt) => ({
    command: requireBinary('claude'),
    args: ['-p', prompt, '--allowedTools', 'mcp__orders', 'ListMcpResourcesTool', 'ReadMcpResourceTool'],
    env: env(place),
  }),
  // MCP prompts are slash commands, which -p runs: the prompt's text becomes the user's message.
  // It splits the arguments at spaces and keeps quotes as characters: one word per argument.
  prompt: (place, prompt, argument) => claude.turn(place, `/mcp__orders__${prompt} ${argument.split(' ')[0]}`),
  readResource: (uri) => ({ call: 'ReadMcpResourceTool', arguments: { server: 'orders', uri } }),
  viewByUri: 'withheld',
  reads: 'structuredContent',
  revision: '2026-07-28',
  leftOut: {},
  // Its interactive `/mcp` menu → orders → Authenticate, in a terminal, with the scripted browser.
  signIn: 'claude-oauth.host.ts',
};
