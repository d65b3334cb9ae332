// A view rebuilt while the server runs (`npm run dev`): in development the server reads the
// view's file on every resources/read, so the new HTML is served without a restart; in production it
// reads it once and keeps it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtView, defineView } from '../../src/resources';
import { post2025, viewsSession } from '../support/mcp-post';
import { startStack, type Stack } from '../support/stack';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'view-reload-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function htmlServed(stack: Stack, uri: string): Promise<string> {
  const answer = await post2025(stack.url, 'resources/read', { uri }, await viewsSession(stack.url));
  return (answer.json.result as { contents: Array<{ text: string }> }).contents[0]!.text;
}

describe.each([
  ['development', { NODE_ENV: 'development' }, 'the rebuilt one'],
  ['production', { NODE_ENV: 'production', HOST: '127.0.0.1', CALLER_NETWORKS: '127.0.0.0/8' }, 'the first one read'],
])('a view rebuilt while the server runs, NODE_ENV=%s', (env, settings, what) => {
  let stack: Stack;
  const name = `orders-${env}`;
  const uri = `ui://test/${name}` as const;
  beforeAll(async () => {
    writeFileSync(join(dir, `${name}.html`), '<p>first build</p>');
    stack = await startStack({ env: settings, resources: [defineView({ uri, name, html: builtView(name, dir) })] });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it(`is served as ${what}`, async () => {
    expect(await htmlServed(stack, uri)).toBe('<p>first build</p>');
    writeFileSync(join(dir, `${name}.html`), '<p>second build</p>');
    expect(await htmlServed(stack, uri)).toBe(env === 'development' ? '<p>second build</p>' : '<p>first build</p>');
  });
});
