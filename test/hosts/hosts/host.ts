// One host as the matrix drives it: where its binary is (scripts/hosts/versions, installed by
// scripts/hosts/install.sh), how it is connected to the server (from docs/connect-your-host.md), and the
// command line of one headless turn.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export type McpPath = '/mcp' | '/sse';

export interface Place {
  /** The host's own HOME (and config folders), fresh per host. */
  home: string;
  /** The folder the host runs in (trusted where the host asks). */
  work: string;
  /** The tool server's base URL. */
  serverUrl: string;
  /** The scripted model's base URL. */
  modelUrl: string;
  path: McpPath;
}

export interface Command {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

export interface Host {
  name: string;
  /** The paths it connects to: /sse only where the host speaks HTTP+SSE. */
  paths: readonly McpPath[];
  /** The name the host's config gives the server (tools arrive prefixed with it). */
  server: string;
  /** Writes the host's settings and adds the server as the docs say. */
  prepare(place: Place): Promise<void>;
  /** Starts what the host keeps running between turns (opencode's server), after `prepare`; stopped after the last turn. */
  start?(place: Place): Promise<{ stop(): Promise<void> }>;
  /** One headless turn with `prompt` as the user's message. */
  turn(place: Place, prompt: string): Command;
  /** A headless turn that hands the model an MCP prompt (its one argument given), where the host can. */
  prompt?: (place: Place, prompt: string, argument: string) => Command;
  /** The host's own tool that reads an MCP resource, and its arguments, where it has one. */
  readResource?: (uri: string) => { call: string; arguments: Record<string, unknown> };
  /**
   * What the model is handed when it asks for the example view by its URI (docs/views.md). A host that did
   * not declare the MCP Apps extension is listed no view. 'withheld': the host checks its own list (or
   * offers no resource tool) and hands the model no HTML. 'page': the host passes the URI through, and the
   * 2025-era read, which carries no Mcp-Session-Id of a client that declared the extension, answers the
   * page under 1 KB that names the tool to call instead, not the view. 'whole': the host declared the
   * extension, so the server answers the view itself, which the host then hands its model.
   */
  viewByUri?: 'withheld' | 'page' | 'whole';
  /**
   * What it hands the model of a result that has both (docs/tools.md): the `structuredContent` JSON, the
   * `text`, or both one after the other.
   */
  reads: 'structuredContent' | 'text' | 'both';
  /**
   * The MCP revision it speaks on /mcp, as its requests name it in MCP-Protocol-Version: checked on the
   * good call, where set. 2026-07-28 is spoken without initialize (every request names it).
   */
  revision?: string;
  /**
   * Why a turn, a path or the OAuth sign-in is not driven for this host, one sentence each: the matrix
   * lists them as to-do turns, and test/docs/connect-your-host.test.ts checks that no host lacks one unsaid.
   */
  leftOut: Partial<Record<LeftOut, string>>;
  /**
   * The file of test/hosts that drives the host's own OAuth sign-in (MCP_AUTH=oauth), where one does;
   * else `leftOut['sign-in']` says why not.
   */
  signIn?: string;
}

/** What a host may leave out: a path, a turn that needs the host's own support, or its OAuth sign-in (MCP_AUTH=oauth). */
export type LeftOut = '/sse' | 'prompt' | 'resource' | 'sign-in';

const CACHE = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'mcp-template-hosts');
const VERSIONS = join(__dirname, '../../../scripts/hosts/versions');

/** The pinned versions: name → { spec, bin }. */
export function pinned(): Map<string, { spec: string; version: string; bin: string }> {
  const rows = readFileSync(VERSIONS, 'utf8').split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
  return new Map(
    rows.map((line) => {
      const [name = '', spec = '', bin = ''] = line.trim().split(/\s+/);
      return [name, { spec, version: spec.slice(spec.lastIndexOf('@') + 1), bin }];
    }),
  );
}

/** The installed binary of a pinned host, or undefined when scripts/hosts/install.sh has not installed it. */
export function binary(name: string): string | undefined {
  const pin = pinned().get(name);
  if (!pin) throw new Error(`scripts/hosts/versions pins no host named ${name}`);
  const path = join(CACHE, `${name}-${pin.version}`, 'node_modules', '.bin', pin.bin);
  return existsSync(path) ? path : undefined;
}

export function requireBinary(name: string): string {
  const path = binary(name);
  if (!path) throw new Error(`${name} is not installed: run scripts/hosts/install.sh ${name} (or scripts/host-matrix.sh, which does)`);
  return path;
}

/** The environment every host runs with: its own HOME and XDG folders, no proxy, nothing of this shell's settings. */
export function baseEnv(place: Place): NodeJS.ProcessEnv {
  const xdg = { XDG_CONFIG_HOME: join(place.home, '.config'), XDG_DATA_HOME: join(place.home, '.local/share'), XDG_CACHE_HOME: join(place.home, '.cache'), XDG_STATE_HOME: join(place.home, '.local/state') };
  for (const dir of Object.values(xdg)) mkdirSync(dir, { recursive: true });
  // A host that tried the npm registry (a plugin install) would fail here at once instead of going online.
  return { PATH: process.env.PATH, HOME: place.home, ...xdg, NO_COLOR: '1', TERM: 'dumb', npm_config_registry: 'http://127.0.0.1:9/', npm_config_offline: 'true' };
}
