// `npm run new-tool` with a name that leaves no room for a host's prefix (mcp__<server>__ and the like,
// within the providers' 64 characters): the tool is written, and a warning names the length and prefixes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runChild } from '../support/children';
import { ROOT, emptyTools } from '../support/project-copy';

const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const MAIN = join(ROOT, 'cli/new-tool/main.ts');

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'new-tool-names-'));
  emptyTools(root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function newTool(name: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await runChild(process.execPath, [TSX, MAIN, name], { cwd: root });
  return { code, stdout, stderr };
}

describe('npm run new-tool and the room for a host prefix', () => {
  it('writes a 45-character name, and warns with its length and the hosts\' prefixes', async () => {
    const name = `list_${'x'.repeat(40)}`;
    expect(name).toHaveLength(45);
    const made = await newTool(name);
    expect(made.code).toBe(0);
    expect(made.stdout).toContain(`wrote tools/${name}.ts`);
    expect(made.stderr).toBe(
      `new-tool: warning: Tool name "${name}" is 45 characters, which leaves 19 for the prefix hosts put before it ` +
        '(mcp__<server>__ (Claude Code, Codex), mcp_<server>_ (Gemini CLI), <server>_ (opencode)) within the 64 characters model providers allow; ' +
        'a prefix takes about 20. Shorten it to 44 characters or fewer, or some hosts will cut or refuse it.\n',
    );
    expect(readFileSync(join(root, 'tools/index.ts'), 'utf8')).toContain(`'./${name}'`);
  }, 60_000);

  it('says nothing of a 44-character name', async () => {
    const name = `get_${'y'.repeat(40)}`;
    expect(name).toHaveLength(44);
    const made = await newTool(name);
    expect(made.code).toBe(0);
    expect(made.stderr).toBe('');
  }, 60_000);
});
