// docs/connect-your-host.md is where the host matrix (scripts/host-matrix.sh, test/hosts) reads how to
// connect each host: this checks, without the hosts installed, that every block the matrix reads is there
// and reads as the matrix reads it, so a docs edit cannot break the matrix unseen; and how the matrix is
// set up (pinned hosts, their cache outside the project, CI running it).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { claude } from '../hosts/hosts/claude';
import { codex } from '../hosts/hosts/codex';
import { copilot } from '../hosts/hosts/copilot';
import { gemini } from '../hosts/hosts/gemini';
import { pinned } from '../hosts/hosts/host';
import { opencode } from '../hosts/hosts/opencode';
import { qwen } from '../hosts/hosts/qwen';
import { docBlock, markedBlocks } from '../hosts/support/doc-config';

const SERVER = 'http://127.0.0.1:45678';
/** The hosts the matrix drives through test/hosts/matrix.ts (mcp-remote has a file of its own). */
const HOSTS = [claude, codex, gemini, opencode, copilot, qwen];

describe('docs/connect-your-host.md, as the host matrix reads it', () => {
  const wanted = [...HOSTS.flatMap((host) => host.paths.map((path) => `${host.name} ${path}`)), 'mcp-remote /mcp', 'mcp-remote /sse'];

  it('marks a block for every host and path the matrix drives, and no other', () => {
    expect([...markedBlocks().keys()].sort()).toEqual([...wanted].sort());
  });

  it.each([
    ['claude', '/mcp'],
    ['claude', '/sse'],
    ['gemini', '/mcp'],
    ['gemini', '/sse'],
    ['copilot', '/mcp'],
    ['copilot', '/sse'],
  ] as const)('the %s block for %s is one `mcp add` command to that path with the demo token', (host, path) => {
    const block = docBlock(host, path, SERVER).trim();
    expect(block.split('\n')).toHaveLength(1);
    expect(block).toMatch(new RegExp(`^${host} mcp add --transport ${path === '/mcp' ? 'http' : 'sse'} orders ${SERVER}${path} --header "Authorization: Bearer demo-manager-token"`));
  });

  it.each(['/mcp', '/sse'] as const)("qwen's block for %s names the server by its URL field, with the header, loading its tools and trusting it", (path) => {
    const { mcpServers } = JSON.parse(docBlock('qwen', path, SERVER)) as { mcpServers: Record<string, Record<string, unknown>> };
    // Qwen Code reads Streamable HTTP from `httpUrl`, HTTP+SSE from `url`.
    const url = path === '/mcp' ? { httpUrl: `${SERVER}/mcp` } : { url: `${SERVER}/sse` };
    expect(mcpServers).toEqual({ orders: { ...url, headers: { Authorization: 'Bearer demo-manager-token' }, alwaysLoadTools: true, trust: true } });
  });

  it("codex's block is a [mcp_servers.orders] table with the URL and the header", () => {
    expect(docBlock('codex', '/mcp', SERVER)).toContain(`[mcp_servers.orders]\nurl = "${SERVER}/mcp"\nhttp_headers = { Authorization = "Bearer demo-manager-token" }`);
  });

  it("opencode's and mcp-remote's blocks are JSON pointing at the server", () => {
    expect(JSON.parse(docBlock('opencode', '/mcp', SERVER))).toMatchObject({ mcp: { orders: { type: 'remote', url: `${SERVER}/mcp` } } });
    for (const path of ['/mcp', '/sse'] as const) {
      const { mcpServers } = JSON.parse(docBlock('mcp-remote', path, SERVER)) as { mcpServers: { orders: { args: string[] } } };
      expect(mcpServers.orders.args).toEqual(expect.arrayContaining([expect.stringMatching(/^mcp-remote@\d+\.\d+\.\d+$/), `${SERVER}${path}`]));
    }
  });

  it('pins the mcp-remote it shows at the version the matrix runs', () => {
    const pinned = /mcp-remote@(\S+)/.exec(readFileSync(`${__dirname}/../../scripts/hosts/versions`, 'utf8'))?.[1];
    expect(docBlock('mcp-remote', '/mcp', SERVER)).toContain(`mcp-remote@${pinned}`);
  });

  // Issue-level rule of the matrix: a turn or a path a host does not get is stated with its reason.
  it.each(HOSTS.map((host) => [host.name, host] as const))('%s drives every path and turn of the matrix, or says why not', (_name, host) => {
    const unsaid = (['/sse', 'prompt', 'resource', 'sign-in'] as const).filter((what) => {
      // A host's own OAuth sign-in is driven by a file of its own (mcp-remote's too, in mcp-remote-oauth.host.ts).
      const signIn = host.signIn !== undefined && existsSync(join(__dirname, '../hosts', host.signIn));
      const driven = what === '/sse' ? host.paths.includes('/sse') : what === 'prompt' ? host.prompt !== undefined : what === 'resource' ? host.readResource !== undefined : signIn;
      return !driven && !host.leftOut[what]?.trim();
    });
    expect(unsaid).toEqual([]);
    expect(['structuredContent', 'text', 'both']).toContain(host.reads);
  });
});

describe('docs/connect-your-host.md, for the hosts the matrix does not drive too', () => {
  const page = readFileSync(join(__dirname, '../../docs/connect-your-host.md'), 'utf8');

  it.each(['Claude Code', 'Codex', 'Gemini CLI', 'opencode', 'GitHub Copilot CLI', 'Qwen Code', 'Continue CLI', 'Kilo Code', 'VS Code', 'Cursor', 'Claude Desktop (through mcp-remote)', 'ChatGPT', 'Python (the MCP SDK, fastmcp)'])('has a section for %s that says how to connect with headers (or that it cannot) and with OAuth', (host) => {
    const section = page.split(/^## /m).find((part) => part.startsWith(`${host}\n`));
    expect(section).toBeDefined();
    expect(section).toMatch(/headers/i);
    expect(section).toMatch(/OAuth/);
  });

  it('has JSON blocks that parse, each naming the server by a URL on /mcp or /sse', () => {
    const blocks = [...page.matchAll(/```json\n([\s\S]*?)```/g)].map(([, body]) => body!);
    expect(blocks.length).toBeGreaterThanOrEqual(6);
    for (const block of blocks) {
      expect(() => JSON.parse(block)).not.toThrow();
      expect(block).toMatch(/"https?:\/\/[^"]+\/(mcp|sse)"/);
    }
  });
});

describe('the host matrix, as CI sets it up', () => {
  const ROOT = join(__dirname, '../..');

  it('pins each host the matrix drives, at an exact version, in scripts/hosts/versions alone (not in package.json)', () => {
    const pins = pinned();
    expect([...pins.keys()].sort()).toEqual(['claude', 'codex', 'copilot', 'gemini', 'mcp-remote', 'opencode', 'qwen']);
    expect([...pins.values()].map((pin) => pin.spec.slice(0, pin.spec.lastIndexOf('@'))).sort()).toEqual(['@anthropic-ai/claude-code', '@github/copilot', '@google/gemini-cli', '@openai/codex', '@qwen-code/qwen-code', 'mcp-remote', 'opencode-ai']);
    for (const pin of pins.values()) expect(pin.version).toMatch(/^\d+\.\d+\.\d+$/);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const declared = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.optionalDependencies });
    for (const pin of pins.values()) expect(declared).not.toContain(pin.spec.slice(0, pin.spec.lastIndexOf('@')));
  });

  it('keeps the hosts in a cache outside the project, one folder per pinned version, and installs nothing already there', () => {
    const cache = mkdtempSync(join(tmpdir(), 'host-cache-'));
    for (const [name, pin] of pinned()) {
      const bin = join(cache, 'mcp-template-hosts', `${name}-${pin.version}`, 'node_modules', '.bin', pin.bin);
      mkdirSync(dirname(bin), { recursive: true });
      writeFileSync(bin, '#!/bin/sh\n');
      chmodSync(bin, 0o755);
    }
    // npm unreachable: an install would fail, so a zero exit means it installed nothing.
    const printed = execFileSync(join(ROOT, 'scripts/hosts/install.sh'), { env: { PATH: process.env.PATH, HOME: cache, XDG_CACHE_HOME: cache, npm_config_registry: 'http://127.0.0.1:9/' }, encoding: 'utf8' });
    expect(printed.trim()).toBe(join(cache, 'mcp-template-hosts'));
  });

  it('runs in CI (.ci/run), timed', () => {
    expect(readFileSync(join(ROOT, '.ci/run'), 'utf8')).toMatch(/^timed scripts\/host-matrix\.sh --ci$/m);
  });
});
