// The host matrix connects each host the way docs/connect-your-host.md tells a reader to: a block marked
// `<!-- host-matrix: <host> <path> -->` (above its fence, or above the doc-test mark) is read from the page
// and used with the test server's address in place of the page's http://127.0.0.1:3000.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DOC = join(__dirname, '../../../docs/connect-your-host.md');
const PAGE_ADDRESS = /http:\/\/(?:127\.0\.0\.1|localhost):3000/g;

/** Every marked block of the page, keyed "<host> <path>" (e.g. "claude /mcp"). */
export function markedBlocks(page = readFileSync(DOC, 'utf8')): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const [, key, body] of page.matchAll(/<!-- host-matrix: ([^>]+?) -->\n(?:<!--[^\n]*-->\n)?```[^\n]*\n([\s\S]*?)```/g)) {
    blocks.set(key!.trim(), body!);
  }
  return blocks;
}

/** The block for one host and path, pointed at `serverUrl` (the tool server's base URL). */
export function docBlock(host: string, path: '/mcp' | '/sse', serverUrl: string): string {
  const block = markedBlocks().get(`${host} ${path}`);
  if (block === undefined) throw new Error(`${DOC} has no block marked "<!-- host-matrix: ${host} ${path} -->"`);
  return block.replace(PAGE_ADDRESS, serverUrl);
}
