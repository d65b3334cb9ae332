// One of Node's tick objects, kept for the life of the process (docs/performance-history.md, "A slow path in
// node's `nextTick`").
//
// process.nextTick makes each tick object with one object literal, `{ [async_id_symbol], [trigger_async_id_symbol],
// callback, args }`; V8's feedback for that literal holds the hidden classes (maps) of its shape weakly. A
// full garbage collection at a moment when no tick object is alive (an idle process: V8's memory reducer
// runs one some seconds after the work stops, before the first request too) may free those maps. The
// literal's feedback then goes megamorphic for good, and from then on every nextTick (several per HTTP
// request: streams, sockets, the response) builds its object through the runtime instead of the compiled
// code. Seen on POST /mcp in most server processes the bench started: 3 to 5 % of a call's CPU, and a
// process that ran 1.25 × the limit's CPU per call ran 1.4 × or more in that state.
//
// A tick object kept alive keeps its map, and through it every map of the shape, so there is nothing to
// free and the feedback stays monomorphic. executionAsyncResource() inside a nextTick callback is that
// tick's object (Node 20 to 24); no async hook is enabled for it.
import { executionAsyncResource } from 'node:async_hooks';

let kept: object | undefined;
let asked = false;

/** Keeps the object of one nextTick, from the tick after this call. Once per process; later calls do nothing. */
export function keepTickShape(): void {
  if (asked) return;
  asked = true;
  process.nextTick(() => {
    kept = executionAsyncResource();
  });
}

/** The tick object kept, once its tick has run (tests). */
export function keptTick(): object | undefined {
  return kept;
}
