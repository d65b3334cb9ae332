// Checks what `npm run openapi` would generate from whole documents against hosts' limits, writing nothing:
// tool count, names past the cap (and past 64 once a host prefixes them), schema keywords some host refuses
// (propertyNames, type lists, const), and why operations are skipped. For documents too large to keep as fixtures.
// usage: npx tsx scripts/openapi-host-check.ts [--prefix P] [--max-name N] <document>…
import { z } from 'zod';
import { defineTool } from '../src/tools/define-tool';
import { loadDocument } from '../cli/openapi/load';
import { listOperations, type Operation } from '../cli/openapi/operations';
import { inputLines } from '../cli/openapi/tool-file';
import { DEFAULT_NAME_CAP } from '../cli/openapi/tool-names';

/** The tool's tools/list entry as the server lists it. */
export function entryOf(op: Operation): { inputSchema: unknown } {
  const input = new Function('z', `return {\n${inputLines(op).join('\n')}\n};`)(z) as z.ZodRawShape;
  return defineTool({ name: op.toolName, description: 'x', input, handler: () => '' }).descriptor;
}

/** Where in a schema some host refuses a keyword: `propertyNames`, a `type` that is a list, or a `const` (Gemini: none of them; an `anyOf` of literals is one of consts). */
export function refusedKeywords(value: unknown, at = '', names = false): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => refusedKeywords(item, `${at}/${i}`));
  if (typeof value !== 'object' || value === null) return [];
  // Under `properties` (and `$defs`) the keys are names, not keywords: a field may be called `const`; a
  // default, an example or an enum's values are data, whatever keys they hold.
  return Object.entries(value).flatMap(([key, item]) => [
    ...(!names && key === 'propertyNames' ? [`${at}/propertyNames`] : []),
    ...(!names && key === 'type' && Array.isArray(item) ? [`${at}/type[]`] : []),
    ...(!names && key === 'const' ? [`${at}/const`] : []),
    ...(!names && ['default', 'examples', 'example', 'enum', 'const'].includes(key) ? [] : refusedKeywords(item, `${at}/${key}`, !names && ['properties', '$defs', 'definitions', 'patternProperties'].includes(key))),
  ]);
}

async function main(argv: string[]): Promise<void> {
  let prefix: string | undefined;
  let cap = DEFAULT_NAME_CAP;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--prefix') prefix = argv[(i += 1)];
    else if (argv[i] === '--max-name') cap = Number(argv[(i += 1)]);
    else files.push(argv[i] ?? '');
  }
  for (const file of files) {
    const operations = listOperations(await loadDocument(file), { prefix, nameCap: cap });
    const tools = operations.filter((op) => !op.unsupported && op.secrets.length === 0);
    const refused = tools.filter((op) => refusedKeywords(entryOf(op).inputSchema).length > 0);
    const long = operations.filter((op) => op.toolName.length > cap);
    const reasons = new Map<string, string[]>();
    for (const op of operations) {
      const why = op.unsupported ?? (op.secrets.length > 0 ? `secret input (${op.secrets.join(', ')})` : undefined);
      const kind = why?.replace(/ \([^)]*\)$/, '');
      if (why && kind) reasons.set(kind, [...(reasons.get(kind) ?? []), `${op.toolName}${why === kind ? '' : ` ${why.slice(kind.length + 1)}`}`]);
    }
    const line = { file, operations: operations.length, tools: tools.length, namesOverCap: long.length, longest: Math.max(...operations.map((op) => op.toolName.length)), refusedSchemas: refused.map((op) => op.toolName), skipped: Object.fromEntries(reasons) };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
}

if (require.main === module) void main(process.argv.slice(2));
