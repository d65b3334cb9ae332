// Entry of `npm run registry [-- --out <file>]`: writes server.json for the official MCP Registry from the
// settings the server itself reads (.env and the environment): MCP_SERVER_NAME, _TITLE, _DESCRIPTION,
// MCP_PUBLIC_URL (else OAUTH_RESOURCE), package.json's version, and the headers a host sends to /mcp.
// Publish the file with the registry's own `mcp-publisher`.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { remoteHeaders, serverJson } from '../../src/card';
import { ConfigError, loadConfig } from '../../src/config';
import { readEnvFile, withEnvFile } from '../../src/env-file';
import { registryProblems } from './problems';

const USAGE = 'usage: npm run registry [-- --out <file, default server.json>]';

function fail(lines: readonly string[], code = 1): void {
  process.stderr.write(`${lines.map((line) => `registry: ${line}`).join('\n')}\n`);
  process.exitCode = code;
}

function main(): void {
  let out: string;
  try {
    const { values } = parseArgs({ args: process.argv.slice(2), options: { out: { type: 'string' } } });
    out = resolve(values.out ?? 'server.json');
  } catch (error) {
    return fail([error instanceof Error ? error.message : String(error), USAGE], 2);
  }
  let config;
  try {
    config = loadConfig(withEnvFile(process.env, readEnvFile()));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return fail(error.message.split('\n'));
  }
  const info = config.card.identity;
  const url = config.card.publicUrl;
  if (url === undefined) return fail(['MCP_PUBLIC_URL: is required: server.json names the public https:// URL of /mcp (e.g. https://tools.example.com/mcp)']);
  const problems = registryProblems(info, url);
  if (problems.length > 0) return fail(problems);
  const document = serverJson(info, url, remoteHeaders(config, config.customerApiUrl));
  writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
  process.stdout.write(`registry: wrote ${out} for ${info.name} ${info.version} at ${url}\nregistry: publish it with the registry's mcp-publisher (mcp-publisher login, then mcp-publisher publish)\n`);
}

main();
