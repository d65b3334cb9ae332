// `npm run registry` (cli/registry) run as a process in an empty folder with a fork's settings: the
// server.json it writes passes the registry's schema and validators, names what the Server Card names,
// and the settings the registry would refuse stop it with a sentence each and exit 1.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { name as packageName, version } from '../../package.json';
import { runChild } from '../support/children';
import { serverJsonProblems } from '../support/card-rules';

const ROOT = join(__dirname, '../..');
const TSX = pathToFileURL(require.resolve('tsx', { paths: [ROOT] })).href;
const FORK = {
  MCP_SERVER_NAME: 'io.github.acme/orders',
  MCP_SERVER_TITLE: 'Acme orders',
  MCP_SERVER_DESCRIPTION: 'Find, read and create orders for the signed-in user.',
  MCP_PUBLIC_URL: 'https://tools.acme.com/mcp',
};

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'registry-cli-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** The command as npm runs it, from a folder of its own (its .env, if any, is read there). */
const registry = (env: Record<string, string>, args: string[] = []) =>
  runChild(process.execPath, ['--import', TSX, join(ROOT, 'cli/registry/main.ts'), ...args], { cwd: folder, env: { PATH: process.env.PATH, ...env } }, 60_000);

it('writes server.json from the settings: valid for the registry, /mcp as its remote, the headers a host sends', async () => {
  const run = await registry({ ...FORK, HUB_SECRETS: 'a-hub-secret-of-at-least-16-chars' });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(run.stdout).toContain(`wrote ${join(folder, 'server.json')} for io.github.acme/orders ${version} at https://tools.acme.com/mcp`);
  const text = readFileSync(join(folder, 'server.json'), 'utf8');
  const document = JSON.parse(text) as Record<string, unknown>;
  expect(serverJsonProblems(document)).toEqual([]);
  expect(document).toEqual({
    $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
    name: FORK.MCP_SERVER_NAME,
    version,
    title: FORK.MCP_SERVER_TITLE,
    description: FORK.MCP_SERVER_DESCRIPTION,
    remotes: [
      {
        type: 'streamable-http',
        url: FORK.MCP_PUBLIC_URL,
        headers: [
          { name: 'X-Hub-Secret', description: expect.any(String), isRequired: true, isSecret: true },
          { name: 'Authorization', description: expect.any(String), isRequired: false, isSecret: true },
        ],
      },
    ],
  });
  expect(text).not.toContain('a-hub-secret-of-at-least-16-chars');
});

it('reads .env like the server, writes where --out says, and with MCP_AUTH=oauth takes OAUTH_RESOURCE and declares no header', async () => {
  writeFileSync(
    join(folder, '.env'),
    Object.entries({
      MCP_SERVER_NAME: 'com.acme/orders',
      MCP_AUTH: 'oauth',
      OAUTH_ISSUER: 'https://sso.acme.com',
      OAUTH_RESOURCE: 'https://mcp.acme.com/mcp',
      OAUTH_CLIENT_ID: 'tools',
      OAUTH_CLIENT_SECRET: 'client-secret-value-0123456789',
      UPSTREAM_AUTH: 'token-exchange',
      UPSTREAM_AUDIENCE: 'https://api.acme.com',
    })
      .map(([name, value]) => `${name}=${value}`)
      .join('\n'),
  );
  const run = await registry({}, ['--out', 'out/../published.json']);
  expect(run.code).toBe(0);
  const document = JSON.parse(readFileSync(join(folder, 'published.json'), 'utf8')) as Record<string, unknown>;
  expect(serverJsonProblems(document)).toEqual([]);
  expect(document).toMatchObject({ name: 'com.acme/orders', remotes: [{ type: 'streamable-http', url: 'https://mcp.acme.com/mcp' }] });
  expect((document.remotes as Array<Record<string, unknown>>)[0]!.headers).toBeUndefined();
});

it.each([
  ['the placeholder name', { ...FORK, MCP_SERVER_NAME: undefined }, new RegExp(`MCP_SERVER_NAME: is the template's placeholder \\(com\\.example/${packageName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)`)],
  ['an http:// URL', { ...FORK, MCP_PUBLIC_URL: 'http://tools.acme.com/mcp' }, /MCP_PUBLIC_URL: the registry takes https:\/\/ remotes only/],
  ['a localhost URL', { ...FORK, MCP_PUBLIC_URL: 'https://localhost:3000/mcp' }, /MCP_PUBLIC_URL: the registry refuses a remote on localhost/],
  ['no public URL', { ...FORK, MCP_PUBLIC_URL: undefined }, /MCP_PUBLIC_URL: is required/],
  ['an invalid setting', { ...FORK, MCP_SERVER_NAME: 'orders' }, /MCP_SERVER_NAME: must be namespace\/name/],
])('refuses %s with a sentence, exit 1, and no file', async (_what, env, sentence) => {
  const run = await registry(Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined)));
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(sentence);
  expect(existsSync(join(folder, 'server.json'))).toBe(false);
});

it('an unknown option is a usage error (exit 2)', async () => {
  const run = await registry(FORK, ['--outt', 'x.json']);
  expect(run.code).toBe(2);
  expect(run.stderr).toContain('usage: npm run registry');
});
