// The tick object the entry keeps (src/tick-shape.ts): it must be one of Node's own tick objects,
// of the very hidden class process.nextTick builds now, or keeping it keeps nothing that V8's feedback
// uses. The hidden class is read with V8's own %HaveSameMap, in a child started with --allow-natives-syntax
// (the suite also runs on Node 22 and 24: tick objects carry a third symbol there, the same rule holds).
import { executionAsyncResource } from 'node:async_hooks';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { keepTickShape, keptTick } from '../../src/tick-shape';
import { runChild } from '../support/children';

const ROOT = join(__dirname, '../..');
const TSX = pathToFileURL(require.resolve('tsx', { paths: [ROOT] })).href;

const nextTickResource = (...args: unknown[]): Promise<object> =>
  new Promise((resolve) => process.nextTick(() => resolve(executionAsyncResource()), ...args));

describe('the tick object kept for the life of the process', () => {
  it('is a tick object of process.nextTick (its two async-id symbols, callback and args), kept once', async () => {
    keepTickShape();
    await nextTickResource();
    const kept = keptTick();
    expect(kept).toBeDefined();
    const symbols = Object.getOwnPropertySymbols(kept).map((symbol) => symbol.description);
    expect(symbols).toEqual(expect.arrayContaining(['async_id_symbol', 'trigger_async_id_symbol']));
    expect(Object.keys(kept!)).toEqual(['callback', 'args']);
    // Later calls keep the first: one object for the process.
    keepTickShape();
    await nextTickResource();
    expect(keptTick()).toBe(kept);
  });

  it('has the hidden class of the tick objects made after it, with and without arguments, after 50,000 ticks', async () => {
    const script = `
      const { keepTickShape, keptTick } = require(${JSON.stringify(join(ROOT, 'src/tick-shape.ts'))});
      const { executionAsyncResource } = require('node:async_hooks');
      keepTickShape();
      const burst = (n) => new Promise((resolve) => { let left = n; for (let i = 0; i < n; i++) process.nextTick((k) => { if (--left === 0) resolve(k); }, i); });
      const resource = (...args) => new Promise((resolve) => process.nextTick(() => resolve(executionAsyncResource()), ...args));
      (async () => {
        for (let i = 0; i < 50; i++) await burst(1000);
        const plain = await resource();
        const withArgs = await resource(1, 2);
        const kept = keptTick();
        console.log(JSON.stringify({ kept: kept !== undefined && kept !== plain, plain: %HaveSameMap(kept, plain), withArgs: %HaveSameMap(kept, withArgs) }));
      })();`;
    const run = await runChild(process.execPath, ['--allow-natives-syntax', '--import', TSX, '-e', script], { cwd: ROOT });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout.trim())).toEqual({ kept: true, plain: true, withArgs: true });
  });
});
