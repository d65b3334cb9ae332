// The text of a new tool's MCP Apps view (`npm run new-tool -- <name> --view`): its declaration
// (tools/<name>.view.ts) and its sources (tools/views/<name>/index.html and app.ts), built by `npm run build`.

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
    `<!-- The ${name} view. \`npm run build\` inlines app.ts here: one self-contained file. -->`,
    '<html lang="en">',
    '  <head>',
    '    <meta charset="utf-8" />',
    `    <title>${name}</title>`,
    '    <style>',
    '      :root { color-scheme: light dark; font: 14px/1.4 system-ui, sans-serif; }',
    '      .error { color: #b3261e; }',
    '    </style>',
    '  </head>',
    '  <body>',
    '    <pre id="result">Waiting for the result…</pre>',
    '    <script type="module" src="./app.ts"></script>',
    '  </body>',
    '</html>',
    '',
  ].join('\n');
}

export function viewScript(name: string): string {
  return [
    `// The ${name} view: shows the tool's result. Calls to other tools go through the host:`,
    "// `await app.callServerTool({ name: 'other_tool', arguments: {...} })`.",
    "import { App } from '@modelcontextprotocol/ext-apps';",
    '',
    `const app = new App({ name: '${name} view', version: '1.0.0' });`,
    "const result = document.getElementById('result')!;",
    '',
    'app.ontoolresult = ({ content, isError }) => {',
    '  // TODO: render the answer (a table, a form, a chart) instead of its text.',
    "  result.textContent = (content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('\\n');",
    "  result.className = isError ? 'error' : '';",
    '};',
    'void app.connect();',
    '',
  ].join('\n');
}
