// bench/tools-list.ts, run as docs/performance.md runs it but with 50 tools: it must start, list in both
// eras and both TOOLS_MODE values, and report what the list says to hosts, or its figures mean nothing.
import { join } from 'node:path';
import { runChild } from '../support/children';

const ROOT = join(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

describe('bench/tools-list.ts', () => {
  it('reports one line per mode and era: every tool listed, or the four of dynamic mode; 2026-07-28 lists cacheable', async () => {
    const { code, stdout, stderr } = await runChild(process.execPath, [TSX, join(ROOT, 'bench/tools-list.ts'), '50'], { cwd: ROOT });
    expect({ code, stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map(({ mode, era, tools, ttlMs }) => ({ mode, era, tools, ttlMs }))).toEqual([
      { mode: 'static', era: '2025-11-25', tools: 50, ttlMs: undefined },
      { mode: 'static', era: '2026-07-28', tools: 50, ttlMs: 300_000 },
      { mode: 'dynamic', era: '2025-11-25', tools: 4, ttlMs: undefined },
      { mode: 'dynamic', era: '2026-07-28', tools: 4, ttlMs: 300_000 },
    ]);
    for (const line of lines) {
      expect(line).toMatchObject({ medianMs: expect.any(Number), p95Ms: expect.any(Number), bytes: expect.any(Number), gzipBytes: expect.any(Number) });
      expect(line.gzipBytes as number).toBeLessThan(line.bytes as number);
    }
  }, 150_000);
});
