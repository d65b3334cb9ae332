// The bench's instruction counter (bench/callgrind.ts) on a real process under valgrind: a small HTTP
// server whose work per request is a loop of a given length, so the counts of two windows must stand in
// the ratio of the work done in them, window after window (each window after the first is read from its
// own dump, whose summary line valgrind 3.19 gets wrong). .ci/run installs valgrind and sets
// BENCH_CALLGRIND=required: then a missing valgrind fails this file; elsewhere it is skipped, saying why.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { irOfDump, startCounted, type CountedServer } from '../../bench/callgrind';

const installed = spawnSync('callgrind_control', ['--version']).status === 0 && spawnSync('valgrind', ['--version']).status === 0;
const required = process.env.BENCH_CALLGRIND === 'required';
if (!installed && !required) console.warn('callgrind.test.ts: the window tests are skipped: valgrind is not installed (apt-get install -y valgrind)');

const SERVER = `
const { createServer } = require('node:http');
let sink = 0;
createServer((req, res) => {
  const n = Number(new URL(req.url, 'http://x').searchParams.get('n') ?? 0);
  for (let i = 0; i < n; i += 1) sink = (sink + i * 7) % 1000003;
  res.end(String(sink));
}).listen(Number(process.env.PORT), process.env.HOST);
`;

async function work(url: string, n: number, times: number): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    const res = await fetch(`${url}/work?n=${n}`);
    await res.text();
  }
}

describe('the bench instruction counter', () => {
  it('reads the Ir total of a dump from its totals line, not its summary line', () => {
    const dump = 'version: 1\ncreator: callgrind-3.19.0\nevents: Ir\nsummary: 18446744073443537413\n\nfn=(1) main\n5 10\ntotals: 42\n';
    expect(irOfDump(dump)).toBe(42);
    expect(() => irOfDump('events: Ir\n')).toThrow(/without an Ir total/);
  });

  (installed || required ? describe : describe.skip)('on a server under callgrind', () => {
    let dir: string;
    let server: CountedServer | undefined;
    beforeAll(async () => {
      if (!installed) throw new Error('BENCH_CALLGRIND=required, and valgrind is not installed (apt-get install -y valgrind)');
      dir = mkdtempSync(join(tmpdir(), 'callgrind-test-'));
      const script = join(dir, 'server.js');
      writeFileSync(script, SERVER);
      server = await startCounted('loop server', script, {});
      await work(server.url, 1_000_000, 20); // warm: the loop compiled before any window opens
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('counts each window apart, in proportion to the work done in it', async () => {
      const small = await server!.count(() => work(server!.url, 1_000_000, 5));
      const large = await server!.count(() => work(server!.url, 1_000_000, 15));
      const again = await server!.count(() => work(server!.url, 1_000_000, 5));
      expect(small).toBeGreaterThan(5 * 1_000_000); // at least one instruction per turn of the loop
      expect(large / small).toBeGreaterThan(2.5);
      expect(large / small).toBeLessThan(3.5);
      expect(Math.abs(again - small) / small).toBeLessThan(0.15);
    }, 120_000);
  });
});
