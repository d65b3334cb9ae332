// Runs test/support/openapi-roundtrip.ts inside a project copy (where `npm run openapi` wrote the tools)
// and reads back its reports: what each generated tool sent and what the stand-in API received.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RoundTrip } from './openapi-roundtrip';
import { ROOT, type ProjectCopy } from './project-copy';

const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

/** `documents`: each a document's path, optionally `<path>::<read options as JSON>`. */
export async function roundTripInCopy(copy: ProjectCopy, documents: readonly string[]): Promise<RoundTrip[]> {
  const out = join(copy.root, 'roundtrip.json');
  const run = await copy.node([TSX, 'test/support/openapi-roundtrip.ts', out, ...documents]);
  if (run.code !== 0) throw new Error(`openapi-roundtrip failed:\n${run.output}`);
  return JSON.parse(readFileSync(out, 'utf8')) as RoundTrip[];
}
