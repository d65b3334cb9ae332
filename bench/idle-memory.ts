// Memory per idle SSE stream: a fresh server process, its settled RSS before and after opening `count`
// streams (each waits for its `endpoint` event; no initialize), growth ÷ streams.
import { Agent } from 'node:http';
import type { BenchContext, ServerName } from './context';
import type { ErrorCounts } from './load';
import { settledRssKb } from './measure';
import { openSessions } from './sse-session';

/** KiB per idle stream, or NaN (with one network error counted) when the streams could not all be opened. */
export async function idleMemoryKb(ctx: BenchContext, name: ServerName, count: number, errors: ErrorCounts): Promise<number> {
  const server = await ctx.start(name, `${name} (idle ${count})`);
  const agent = new Agent({ keepAlive: true, maxSockets: count + 16 });
  try {
    const before = await settledRssKb(server.pid);
    const sessions = await openSessions(server.url, agent, count).catch((error: unknown) => {
      ctx.progress(`${name}: opening ${count} streams failed: ${String(error)}`);
      errors.network += 1;
      return undefined;
    });
    if (!sessions) return Number.NaN;
    const after = await settledRssKb(server.pid);
    for (const session of sessions) session.close();
    return (after - before) / count;
  } finally {
    agent.destroy();
    await server.stop();
  }
}
