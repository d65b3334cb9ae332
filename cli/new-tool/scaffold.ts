// Writes a new tool, its test, and its line in tools/index.ts, under a project root (injectable for tests).
// Checks everything before writing anything, so a refused name leaves the project as it was.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HttpMethod } from '../../src/tools';
import { identifierFor, invalidToolName } from '../scaffold/names';
import { withResource, withTool } from '../scaffold/register';
import { parseScopes } from '../scaffold/scopes';
import { pathParams, testSource, toolSource } from './template';
import { viewDeclaration, viewHtml, viewScript, viewTestSource, viewUri } from './view-template';

export const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Literal segments of URL-safe characters, or `:name` parameters. */
const PATH = /^(?:\/(?:[A-Za-z0-9._~-]+|:[A-Za-z_][A-Za-z0-9_]*))+$/;

export class ScaffoldError extends Error {
  override name = 'ScaffoldError';
  readonly code = 'SCAFFOLD_REFUSED';
}

export interface ScaffoldRequest {
  root: string;
  name: string;
  method?: string;
  path?: string;
  /** Comma-separated OAuth scopes (`--scopes invoices:read`); none when absent. */
  scopes?: string;
  /** Also write an MCP Apps view for the tool (`--view`). */
  view?: boolean;
}

/** Returns the files written, relative to root. */
export function scaffoldTool({ root, name, method = 'GET', path = `/${name.replaceAll('_', '-')}`, scopes = '', view = false }: ScaffoldRequest): string[] {
  const invalid = invalidToolName(name);
  if (invalid) throw new ScaffoldError(invalid);
  const upper = method.toUpperCase() as HttpMethod;
  if (!METHODS.includes(upper)) throw new ScaffoldError(`--method must be one of ${METHODS.join(', ')} (got "${method}")`);
  if (!PATH.test(path)) throw new ScaffoldError(`--path must look like /things/:id (segments of letters, digits, ".", "_", "~", "-" or :name), got "${path}"`);
  const params = pathParams(path);
  if (new Set(params).size !== params.length) throw new ScaffoldError(`--path names a parameter twice: ${path}`);
  if (params.some((param) => param === 'fields' || identifierFor(param) !== param)) {
    throw new ScaffoldError(`--path parameters become input names: use plain names such as :id (got ${params.map((p) => `:${p}`).join(', ')})`);
  }

  const scopeList = parseScopes(scopes);
  if ('invalid' in scopeList) throw new ScaffoldError(`--scopes takes OAuth scope names separated by commas, without spaces or quotes (got "${scopeList.invalid}")`);

  const files = { tool: `tools/${name}.ts`, test: `tools/${name}.test.ts`, index: 'tools/index.ts' };
  const viewFiles = {
    declaration: `tools/${name}.view.ts`,
    test: `tools/${name}.view.test.ts`,
    html: `tools/views/${name}/index.html`,
    script: `tools/views/${name}/app.ts`,
  };
  for (const file of [files.tool, files.test, ...(view ? Object.values(viewFiles) : [])]) {
    if (existsSync(join(root, file))) throw new ScaffoldError(`${file} already exists: pick another name, or edit that tool`);
  }
  if (!existsSync(join(root, files.index))) throw new ScaffoldError(`${files.index} not found under ${root}: run this from the project root`);
  const identifier = identifierFor(name);
  const viewIdentifier = `${identifier}View`;
  let index: string;
  try {
    index = withTool(readFileSync(join(root, files.index), 'utf8'), identifier, name);
    if (view) index = withResource(index, viewIdentifier, `${name}.view`);
  } catch (error) {
    throw new ScaffoldError(error instanceof Error ? error.message : String(error));
  }

  const spec = { name, method: upper, path, scopes: scopeList.scopes, ...(view ? { view: { uri: viewUri(name), identifier: viewIdentifier } } : {}) };
  writeFileSync(join(root, files.tool), toolSource(spec), { flag: 'wx' });
  writeFileSync(join(root, files.test), testSource(spec, identifier), { flag: 'wx' });
  if (view) {
    mkdirSync(join(root, 'tools/views', name), { recursive: true });
    writeFileSync(join(root, viewFiles.declaration), viewDeclaration(name, `${viewIdentifier}Spec`), { flag: 'wx' });
    writeFileSync(join(root, viewFiles.html), viewHtml(name), { flag: 'wx' });
    writeFileSync(join(root, viewFiles.script), viewScript(name), { flag: 'wx' });
    writeFileSync(join(root, viewFiles.test), viewTestSource(spec, identifier, `${viewIdentifier}Spec`), { flag: 'wx' });
  }
  writeFileSync(join(root, files.index), index);
  return [files.tool, files.test, ...(view ? Object.values(viewFiles) : []), files.index];
}
