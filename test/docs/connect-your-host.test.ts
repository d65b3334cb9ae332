// docs/connect-your-host.md is where the host matrix (scripts/host-matrix.sh, test/hosts) reads how to
// connect each host: this checks, without the hosts installed, that every block the matrix reads is there
// and reads as the matrix reads it, so a docs edit cannot break the matrix unseen.
import { readFileSync } from 'node:fs';
import { claude } from '../hosts/hosts/claude';
import { codex } from '../hosts/hosts/codex';
import { gemini } from '../hosts/hosts/gemini';
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
    const unsaid = (['/sse', 'prompt', 'resource'] as const).filter((what) => {
      const driven = what === '/sse' ? host.paths.includes('/sse') : what === 'prompt' ? host.prompt !== undefined : host.readResource !== undefined;
      return !driven && !host.leftOut?.[what]?.trim();
    });
    expect(unsaid).toEqual([]);
    expect(['structuredContent', 'text']).toContain(host.reads);
  });
});
