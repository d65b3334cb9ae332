// Fixture tools and a loopback stand-in for the customer API, one route per outcome: an item (200), a
// 500, an answer that never comes (time-out), a dropped connection. Framework tests use these, not the
// examples, so a fork that deletes tools/ and example-api/ keeps them.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { listen, type Listening } from '../../src/http/listen';
import { defineTool } from '../../src/tools';

export interface StandInApi extends Listening {
  /** Headers of every request received, in order. */
  readonly received: Array<{ path: string; headers: IncomingHttpHeaders }>;
}

export async function startStandInApi(): Promise<StandInApi> {
  const received: StandInApi['received'] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    received.push({ path, headers: req.headers });
    if (path.startsWith('/items/')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: decodeURIComponent(path.slice(7)), name: 'Widget' }));
    } else if (path === '/fail') {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"database down"}');
    } else if (path === '/drop') {
      req.socket.destroy();
    } else if (path !== '/slow') {
      res.writeHead(404).end();
    } // /slow: never answered; the server's close ends it
  });
  return { ...(await listen(server)), received };
}

/** An argument value tests look for in logs and spans: it must never appear there. */
export const SECRET_ARG = 'arg-value-7f3a9b2c';

export const fixtureTools = [
  defineTool({
    name: 'fetch_item',
    description: 'Fetches one item.',
    input: { id: z.string().describe('The item id.') },
    handler: async ({ id }, ctx) => JSON.stringify(await ctx.api.get('/items/:id', { params: { id }, query: { q: id } })),
  }),
  defineTool({
    name: 'fail_upstream',
    description: 'The API answers 500.',
    input: {},
    handler: async (_args, ctx) => JSON.stringify(await ctx.api.get('/fail')),
  }),
  defineTool({
    name: 'slow_upstream',
    description: 'The API never answers.',
    input: {},
    handler: async (_args, ctx) => JSON.stringify(await ctx.api.get('/slow')),
  }),
  defineTool({
    name: 'drop_upstream',
    description: 'The API drops the connection.',
    input: {},
    handler: async (_args, ctx) => JSON.stringify(await ctx.api.get('/drop')),
  }),
  defineTool({
    name: 'throws',
    description: 'A bug.',
    input: {},
    handler: () => {
      throw new Error('a bug in the tool');
    },
  }),
];
