// The README as a newcomer follows it: its commands run against the real entry point started
// on the embedded defaults (the bundled example API) in a copy of the project with the README's own
// list_invoices added by hand, and each prints exactly the output the README shows under it. A fork
// that deleted the example API has nothing for these commands to reach, and one that rewrote its README
// has other commands: there these checks step aside and say why. A fork that has already
// added list_invoices, by the scaffold or by hand, has it taken out of the copy first.
import { once } from 'node:events';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { runHubCli } from '../../hub-emulator/cli';
import { DEMO_KEYS } from '../../hub-emulator/demo-keys';
import { serveEmulator, type RunningEmulator } from '../../hub-emulator/serve';
import { startEntry, type Entry } from '../support/entry';
import { freePort } from '../support/processes';
import { EXAMPLE_MODULES } from '../../cli/remove-examples/examples';
import { TOOLS_ARRAY } from '../../cli/scaffold/register';
import { copyProject, ROOT, type ProjectCopy } from '../support/project-copy';
import { addReadmeToolByHand, readmeTool, withoutTool } from '../support/readme-tool';
import { describeUnless, examplesMissing, readmeNotTemplates } from '../support/template-tree';
import { codeBlocks, section, shownCommands, type ShownCommand } from './markdown';
import { onPort, run, start, UUID, words } from './shell';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const shells = codeBlocks(readme).filter((block) => block.lang === 'sh');
const commands = shells.flatMap((block) => shownCommands(block.text));
const curls = commands.filter(({ command }) => command.startsWith('curl '));
/** The hub's session: the stream, and the POST to the path it announces. */
const isSession = ({ command }: ShownCommand) => command.includes('/sse') || command.includes('sessionId=');
const hubCommands = commands.filter(({ command }) => command.startsWith('npm run hub -- '));
const normalized = (text: string) => text.replace(UUID, '<uuid>');
const sink = () => {
  let text = '';
  const stream = new Writable({ write: (chunk: Buffer, _encoding, done) => ((text += chunk.toString()), done()) });
  return { stream, text: () => text };
};

describeUnless(readmeNotTemplates)("the template's README", () => {
  it('the quick start is the two commands, and package.json builds before it starts', () => {
    expect(shells[0]?.text).toBe('npm ci && npm start\nnpm ci && npm test\n');
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts).toMatchObject({ prestart: 'npm run build', start: 'node dist/src/index.js' });
    expect(scripts.test).toMatch(/(^| )jest$/);
  });

  it('the scaffold command of "Adding a tool" writes the files the README names', async () => {
    const scaffold = commands.find(({ command }) => command.startsWith('npm run new-tool -- '));
    const args = words(scaffold?.command.slice('npm run new-tool -- '.length) ?? '');
    expect(args[0]).toBe('list_invoices');
    const copy = copyProject('readme-scaffold-');
    try {
      withoutTool(copy.root, 'list_invoices');
      const made = await copy.node([join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'cli/new-tool/main.ts'), ...args]);
      expect(made).toMatchObject({ code: 0, output: expect.stringContaining('wrote tools/list_invoices.ts, tools/list_invoices.test.ts, tools/index.ts') });
      expect(section(readme, '## Adding a tool')).toContain('(`tools/list_invoices.ts`, `tools/list_invoices.test.ts`,\n`tools/index.ts`)');
    } finally {
      copy.remove();
    }
  }, 30_000);

  it("lists, in its by-hand step 2, the examples' tools as tools/index.ts lists them, with listInvoices last", () => {
    // Read from the tree as it is: the examples' entries of tools/index.ts in their order, whatever the fork added.
    const index = readFileSync(join(ROOT, 'tools/index.ts'), 'utf8');
    const moduleOf = new Map([...index.matchAll(/^import (\w+) from '\.\/(\w+)';$/gm)].map(([, name = '', module = '']) => [name, module]));
    const listed = (text: string) => TOOLS_ARRAY.exec(text)?.[2]?.split(',').map((entry) => entry.trim()).filter(Boolean) ?? [];
    const examples = listed(index).filter((name) => EXAMPLE_MODULES.includes(moduleOf.get(name) ?? ''));
    expect(listed(readmeTool(readme).listLine)).toEqual(examplesMissing === undefined ? [...examples, 'listInvoices'] : expect.arrayContaining(['listInvoices']));
  });
});

describeUnless(readmeNotTemplates, examplesMissing)('the README against the server on its embedded defaults', () => {
  let copy: ProjectCopy;
  let emulator: RunningEmulator;
  let server: Entry;
  let port: number;

  beforeAll(async () => {
    copy = copyProject('readme-');
    rmSync(join(copy.root, '.env'), { force: true });
    withoutTool(copy.root, 'list_invoices');
    addReadmeToolByHand(copy.root, readmeTool(readme));
    port = await freePort();
    emulator = await serveEmulator({ HUB_EMULATOR_PORT: '0', HUB_EMULATOR_TOOL_SERVER_URL: `http://127.0.0.1:${port}` }, sink().stream);
    server = startEntry({ cwd: copy.root, entry: join(copy.root, 'src/index.ts'), env: { ...hubSettings(emulator.url), PORT: String(port) } });
    await server.waitFor('tool server listening');
  }, 60_000);
  afterAll(async () => {
    server?.stop();
    if (server) await once(server.child, 'exit');
    await emulator?.close();
    copy?.remove();
  });

  it('shows at least the curls of both lanes and the session', () => {
    expect(curls.filter((curl) => !isSession(curl)).length).toBeGreaterThanOrEqual(6);
    expect(curls.some(({ command }) => command.includes('/mcp'))).toBe(true);
  });

  const named = (command: string) => `${/localhost:3000(\S*?)'?(?:\s|$)/.exec(command)?.[1]} ${/"name":"(\w+)"/.exec(command)?.[1] ?? ''}`.trim();
  it.each(curls.filter((curl) => !isSession(curl)).map((curl) => [named(curl.command), curl] as const))(
    'curl %s prints what the README shows',
    async (_name, { command, output }) => {
      const { code, stdout, stderr } = await run(onPort(command, port));
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(stdout.trimEnd().split('\n')).toEqual(output);
    },
  );

  it("the hub's session: the stream announces its path, a POST there answers 202, and the answer arrives on the stream as shown", async () => {
    const [stream, post] = curls.filter(isSession);
    expect(stream?.command).toContain('/sse');
    const open = start(onPort(stream!.command, port));
    try {
      const announced = await open.until((text) => text.split('\n').length > stream!.output.length);
      expect(normalized(announced).trimEnd().split('\n')).toEqual(stream!.output.map(normalized));
      const sessionId = /sessionId=([\w-]+)/.exec(announced)?.[1] ?? '';
      // The README says its example id must be replaced (an unknown one is answered 404); the test does so.
      expect((await run(onPort(post!.command, port))).stdout.trim()).toBe('404');
      const answered = await run(onPort(post!.command, port).replace(UUID, sessionId));
      expect(answered.stdout.trimEnd().split('\n')).toEqual(post!.output);
      const shown = codeBlocks(readme).find((block) => block.lang === 'text' && block.text.startsWith('event: message'))!.text;
      const streamed = await open.until((text) => /event: message\ndata: .*\n/.test(text));
      expect(streamed.slice(streamed.indexOf('event: message'))).toBe(`${shown}\n`);
    } finally {
      await open.stop();
    }
  });

  it('npm run hub commands print what the README shows', async () => {
    expect(hubCommands.map(({ command }) => words(command)[4])).toEqual(['bind', 'call', 'invalidate']);
    for (const { command, output } of hubCommands) {
      const out = sink();
      const err = sink();
      const code = await runHubCli(words(command).slice(4), { env: { HUB_URL: emulator.url }, stdout: out.stream, stderr: err.stream });
      expect({ command, code, stderr: err.text() }).toEqual({ command, code: 0, stderr: '' });
      expect(out.text().trimEnd().split('\n')).toEqual(output);
    }
  });

  it('the Inspector line names the 2.x command line, the /mcp lane and the demo token', async () => {
    const inspector = commands.find(({ command }) => command.startsWith('npx '))!.command;
    expect(inspector).toMatch(/^npx -y @modelcontextprotocol\/inspector@2 --cli http:\/\/127\.0\.0\.1:3000\/mcp --transport http \\/);
    expect(inspector).toContain('--header "Authorization: Bearer demo-manager-token" --method tools/call --tool-name search_orders');
    expect(section(readme, '## Try it')).toContain('needs **Node 22.19 or later**');
    // It needs Node >= 22.19 and the registry: run it on request (README_INSPECTOR=1 scripts/with-node.sh 22 npx jest test/docs).
    if (process.env.README_INSPECTOR !== '1') return;
    const { code, stdout } = await run(onPort(inspector, port));
    expect(code).toBe(0);
    expect(JSON.parse(stdout.slice(stdout.indexOf('{')))).toEqual({
      content: [{ type: 'text', text: 'Found 1 order(s):\n#1001 · Northwind Traders · open · 50.00' }],
    });
  }, 120_000);
});

/** The tool server's settings from the README's "The hub" (the emulator's demo keys), with the test's emulator. */
function hubSettings(hubUrl: string): Record<string, string> {
  const line = commands.find(({ command }) => command.startsWith('HUB_URL='))!.command;
  const settings = Object.fromEntries(words(line).filter((word) => word.includes('=')).map((word) => word.split('=') as [string, string]));
  expect(settings).toEqual({
    HUB_URL: 'http://127.0.0.1:4100',
    HUB_FILES_READ_KEY: DEMO_KEYS.find(({ scope }) => scope === 'mcp-files:read')?.key,
    HUB_FILES_WRITE_KEY: DEMO_KEYS.find(({ scope }) => scope === 'mcp-files:write')?.key,
  });
  return { ...settings, HUB_URL: hubUrl, NODE_ENV: 'development' };
}
