// How much a built view (or the runtime) weighs, as the build prints it: its bytes, and what it costs on the
// wire gzipped (how /mcp sends a large answer, and /views/ the runtime, to a client that accepts gzip).
import { gzipSync } from 'node:zlib';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** "412 KB, 111 KB gzipped". */
export function sizeOf(text: string): string {
  return `${kb(Buffer.byteLength(text))}, ${kb(gzipSync(text).length)} gzipped`;
}
