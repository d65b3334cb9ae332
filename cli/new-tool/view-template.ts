// The text of a new tool's MCP Apps view (`npm run new-tool -- <name> --view`): its declaration
// (tools/<name>.view.ts), its sources (tools/views/<name>/index.html and app.ts, built by `npm run build`)
// and its browser test (tools/<name>.view.test.ts). The view handles every host call's failure and
// follows the host's theme, as the example view does.
import { literal, sampleArgs, type NewTool } from './template';

export const viewUri = (name: string) => `ui://tools/${name}`;

export function viewDeclaration(name: string, identifier: string): string {
  return [
    `// The view a host shows for ${name}'s results (MCP Apps). Written by \`npm run new-tool -- ${name} --view\`.`,
    `// Its sources are tools/views/${name}/; \`npm run build\` makes them one file, dist/views/${name}.html.`,
    "import { builtView, defineView, type ViewSpec } from '../src/resources';",
    '',
    `export const ${identifier}: ViewSpec = {`,
    `  uri: '${viewUri(name)}',`,
    `  name: '${name}',`,
    '  // TODO: say what the view shows.',
    `  description: 'The results of ${name}.',`,
    `  html: builtView('${name}'),`,
    '  // Origins the view may reach (none: it talks only to its host). List them here if it fetches or loads any.',
    '  csp: { connectDomains: [], resourceDomains: [] },',
    '  prefersBorder: true,',
    '};',
    '',
    `export default defineView(${identifier});`,
    '',
  ].join('\n');
}

export function viewHtml(name: string): string {
  return [
    '<!doctype html>',
    `<!-- The ${name} view. \`npm run build\` inlines app.ts here: one self-contained file. Colours and fonts are the`,
    '     host\'s (its --color-*/--font-* variables), else the browser\'s for the theme. -->',
    '<html lang="en">',
    '  <head>',
    '    <meta charset="utf-8" />',
    `    <title>${name}</title>`,
    '    <style>',
    '      :root { color-scheme: light dark; }',
    '      body {',
    '        margin: 0; padding: 12px;',
    '        background: var(--color-background-primary, Canvas); color: var(--color-text-primary, CanvasText);',
    '        font: var(--font-text-md-size, 14px)/1.4 var(--font-sans, system-ui, sans-serif);',
    '      }',
    '      .error { color: var(--color-text-danger, #b3261e); }',
    '      button { font: inherit; }',
    '    </style>',
    '  </head>',
    '  <body>',
    '    <pre id="result">Waiting for the result…</pre>',
    '    <p><button id="refresh" type="button">Refresh</button> <span id="status" aria-live="polite"></span></p>',
    '    <script type="module" src="./app.ts"></script>',
    '  </body>',
    '</html>',
    '',
  ].join('\n');
}

export function viewScript(name: string): string {
  return `// The ${name} view: shows the tool's result, and Refresh calls the tool again through the host. Every call
// through the host can fail (the network, an expired sign-in, the host's own refusal): each one says so and
// offers a retry. It follows the host's theme, colours and fonts (host context), else the OS's theme.
import { App, applyDocumentTheme, applyHostFonts, applyHostStyleVariables, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';

type Result = { content?: Array<{ type: string; text?: string }>; isError?: boolean; structuredContent?: Record<string, unknown> };

const app = new App({ name: '${name} view', version: '1.0.0' });
const result = document.getElementById('result')!;
const status = document.getElementById('status')!;
const refresh = document.getElementById('refresh') as HTMLButtonElement;
/** The tool's arguments, as the host sent them: Refresh calls it again with them. */
let input: Record<string, unknown> = {};

function show(answer: Result): void {
  // TODO: render the answer (a table, a form, a chart) instead of its text. Give the tool an \`output\`
  // shape (docs/tools.md) and read answer.structuredContent here; keep the text for hosts that send only it.
  result.textContent = (answer.content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('\\n');
  result.className = answer.isError ? 'error' : '';
}

/**
 * A tool call through the host, as each one should be made: a note while it runs, and when no answer comes
 * a message and a retry. (For a tool that changes something, the call may have run: say that the outcome
 * is unknown and offer to check, rather than to repeat it.)
 */
async function call(name: string, args: Record<string, unknown>): Promise<Result | undefined> {
  status.className = '';
  status.textContent = 'Loading…';
  refresh.disabled = true;
  try {
    const answer = (await app.callServerTool({ name, arguments: args })) as Result;
    status.textContent = '';
    return answer;
  } catch (error) {
    status.className = 'error';
    status.textContent = \`The host could not complete the call (\${error instanceof Error ? error.message : String(error)}). Refresh to try again.\`;
    return undefined;
  } finally {
    refresh.disabled = false;
  }
}

refresh.addEventListener('click', async () => {
  const answer = await call('${name}', input);
  if (answer) show(answer);
});

/** Applies what the host context (or a change to it) says; until it names a theme, the CSS follows the OS. */
function followHost(context: Partial<McpUiHostContext> | undefined): void {
  if (context?.theme) applyDocumentTheme(context.theme);
  if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables);
  if (context?.styles?.css?.fonts) applyHostFonts(context.styles.css.fonts);
}

app.ontoolinput = ({ arguments: args }) => {
  input = { ...(args ?? {}) };
};
app.ontoolresult = (answer) => show(answer as Result);
app.onhostcontextchanged = (changed) => followHost(changed);
app.connect().then(
  () => followHost(app.getHostContext()),
  (error: unknown) => {
    status.className = 'error';
    status.textContent = \`This view could not reach its host (\${error instanceof Error ? error.message : String(error)}).\`;
  },
);
`;
}

/** The view's browser test: skipped, saying why, where Chromium is not installed. */
export function viewTestSource(tool: NewTool, toolIdentifier: string, specIdentifier: string): string {
  const concrete = tool.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, param: string) => `${param}-1`);
  return `// The ${tool.name} view in headless Chromium, shown by a test host with ext-apps' AppBridge (test/support/view-host):
// it shows the tool's result, and a host call that fails says so and can be tried again. Written by
// \`npm run new-tool -- ${tool.name} --view\`: add your cases. Skipped, saying why, without Chromium.
import { join } from 'node:path';
import type { Browser, Frame } from 'puppeteer-core';
import { buildView } from '../cli/build-views/build';
import { defineView } from '../src/resources';
import { startFakeApi, startToolServer, type FakeApi, type TestServer } from '../src/tools/testing';
import { chromiumPath, NO_CHROMIUM } from '../test/support/view-host';
import { openHost } from '../test/support/view-host/harness';
import ${toolIdentifier} from './${tool.name}';
import { ${specIdentifier} } from './${tool.name}.view';

const user = { authorization: 'Bearer test-token' };
const browserPath = chromiumPath();
/** The view's text, read in the page. */
const textIn = (view: Frame, selector: string) => view.$eval(selector, (element) => element.textContent ?? '');

(browserPath ? describe : describe.skip)(\`the ${tool.name} view in Chromium\${browserPath ? '' : \` (\${NO_CHROMIUM})\`}\`, () => {
  let api: FakeApi;
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    api = await startFakeApi({ '${tool.method} ${tool.path}': () => ({ body: { id: 'id-1', name: 'Example' } }) });
    const html = await buildView(join(__dirname, 'views/${tool.name}'));
    server = await startToolServer({ tools: [${toolIdentifier}], resources: [defineView({ ...${specIdentifier}, html: () => html })], apiUrl: api.url });
    const { launch } = await import('puppeteer-core');
    // As root (CI containers) Chromium's own sandbox cannot start: the view still runs in its sandboxed iframe.
    browser = await launch({ executablePath: browserPath!, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await api?.close();
  });

  it('shows the result; a host call that fails says so, and Refresh tries again', async () => {
    const host = await openHost(browser, server.url, user);
    try {
      const { view } = await host.show('${tool.name}', ${literal(sampleArgs(tool))});
      await view.waitForFunction('document.querySelector("#result").textContent.startsWith("{")');
      expect(JSON.parse(await textIn(view, '#result'))).toEqual({ id: 'id-1', name: 'Example' });
      host.failCalls(1);
      await view.click('#refresh');
      await view.waitForSelector('#status.error');
      expect(await textIn(view, '#status')).toMatch(/^The host could not complete the call \\(.+\\)\\. Refresh to try again\\.$/);
      await view.click('#refresh');
      await view.waitForSelector('#status:not(.error):empty');
      expect(host.calls.map((call) => call.name)).toEqual(['${tool.name}', '${tool.name}']);
      expect(api.requests.at(-1)).toMatchObject({ method: '${tool.method}', path: '${concrete}' });
    } finally {
      await host.close();
    }
  }, 60_000);
});
`;
}
