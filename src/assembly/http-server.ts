// The HTTP server in front of everything: the door (Host and caller checks), then the lanes as plain Node
// handlers, so a tool call skips express's router; the views' runtime; the rest (health, the demo pages,
// JSON 404s) through the express app.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { VIEW_ASSETS_PATH } from '../resources/runtime-route';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface Routes {
  /** Refuses (with 401/403, answered) or lets a request in. */
  door: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** By exact path: the two lanes and the OAuth routes. */
  lanes: ReadonlyMap<string, Handler>;
  viewRuntime: Handler | undefined;
  app: Handler;
}

function pathOf(url: string | undefined): string {
  if (url === undefined) return '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

export function createHttpServer({ door, lanes, viewRuntime, app }: Routes): Server {
  const http = createServer(function route(req, res) {
    if (!door(req, res)) return;
    // The lanes write X-Content-Type-Options with each answer's own headers (src/http/send-json.ts).
    const path = pathOf(req.url);
    const lane = lanes.get(path);
    if (lane) return lane(req, res);
    if (viewRuntime && path.startsWith(VIEW_ASSETS_PATH)) return viewRuntime(req, res);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    app(req, res);
  });
  // requestTimeout bounds how long a request (headers and body) may take to arrive: a slow POST is cut
  // after 30 s. It does not apply to the response, so SSE streams (a bodiless GET) are not affected; the
  // test "Node request time-outs do not end a long-lived stream" holds this.
  http.requestTimeout = 30_000;
  http.headersTimeout = 20_000;
  // Longer than the usual 60 s idle time-out of load balancers, so they close idle connections first.
  http.keepAliveTimeout = 65_000;
  return http;
}
