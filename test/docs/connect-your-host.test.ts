// docs/connect-your-host.md is where the host matrix (scripts/host-matrix.sh, test/hosts) reads how to
// connect each host: this checks, without the hosts installed, that every block the matrix reads is there
// and reads as the matrix reads it, so a docs edit cannot break the matrix unseen; and how the matrix is
// set up (pinned hosts, their cache outside the project, CI running it).
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { claude } from '../hosts/hosts/claude';
import { codex } from '../hosts/hosts/codex';
import { gemini } from '../hosts/hosts/gemini';
import { pinned } from '../hosts/hosts/host';
import { opencode } from '../hosts/hosts/opencode';
import { docBlock, markedBlocks } from '../hosts/support/doc-config';

const SERVER = 'http://127.0.0.1:45678';

describe('docs/connect-your-host.md, as the host matrix reads it', () => {
  const wanted = [...[claude, codex, gemini, opencode].flatMap((host) => host.paths.map((path) => `${host.name} ${path}`)), 'mcp-remote /mcp', 'mcp-remote /sse'];

  it('marks a block for every host and path the matrix drives, and no other', () => {
    expect([...markedBlocks().keys()].sort()).toEqual([...wanted].sort());
  });

  it.each([
    ['claude', '/mcp'],
    ['claude', '/sse'],
    ['gemini', '/mcp'],
    ['gemini', '/sse'],
  ] as const)('the %s block for %s is one `mcp add` command to that path with the demo token', (host, path) => {
    const block = docBlock(host, path, SERVER).trim();
    expect(block.split('\n')).toHaveLength(1);
    expect(block).toMatch(new RegExp(`^${host} mcp add --transport (http|sse) orders ${SERVER}${path} --header "Authorization: Bearer demo-manager-token"`));
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
  it.each([claude, codex, gemini, opencode].map((host) => [host.name, host] as const))('%s drives every path and turn of the matrix, or says why not', (_name, host) => {
    const unsaid = (['/sse', 'prompt', 'resource', 'sign-in'] as const).filter((what) => {
      // No host's own OAuth sign-in is driven yet (mcp-remote's is, in mcp-remote-oauth.host.ts).
      const driven = what === '/sse' ? host.paths.includes('/sse') : what === 'prompt' ? host.prompt !== undefined : what === 'resource' ? host.readResource !== undefined : false;
      return !driven && !host.leftOut[what]?.trim();
    });
    expect(unsaid).toEqual([]);
    expect(['structuredContent', 'text']).toContain(host.reads);
  });
});

describe('docs/connect-your-host.md, for the hosts the matrix does not drive too', () => {
  const page = readFileSync(join(__dirname, '../../docs/connect-your-host.md'), 'utf8');

  it.each(['Claude Code', 'Codex', 'Gemini CLI', 'opencode', 'VS Code', 'Cursor', 'Claude Desktop (through mcp-remote)', 'ChatGPT'])('has a section for %s that says how to connect with headers (or that it cannot) and with OAuth', (host) => {
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
    expect([...pins.keys()].sort()).toEqual(['claude', 'codex', 'gemini', 'mcp-remote', 'opencode']);
    expect([...pins.values()].map((pin) => pin.spec.slice(0, pin.spec.lastIndexOf('@'))).sort()).toEqual(['@anthropic-ai/claude-code', '@google/gemini-cli', '@openai/codex', 'mcp-remote', 'opencode-ai']);
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
