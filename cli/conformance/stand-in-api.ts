// The recording stand-in for the customer's API that conformance points a tool server at: it records the
// headers of every request and answers by the bearer token, so 401, 403 and 5xx can be played on demand.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { listen } from '../../src/http/listen';

/** Tokens the stand-in answers with a failure; any other request gets 200 and a JSON body. */
export const FAILING_TOKENS = { 'conformance-401': 401, 'conformance-403': 403, 'conformance-503': 503 } as const;

export interface StandInRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface StandInApi {
  url: string;
  requests: StandInRequest[];
  /** The requests that carried this X-Request-Id. */
  byRequestId(id: string): StandInRequest[];
  close(): Promise<void>;
}

/** A body most list- or record-reading tools accept without throwing. */
const BODY = JSON.stringify({ items: [], total: 0, data: [], results: [], id: 'conformance-1', name: 'Conformance' });

export async function startStandInApi(port = 0): Promise<StandInApi> {
  const requests: StandInRequest[] = [];
  const server = createServer(function standInApi(req, res) {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const status = Object.hasOwn(FAILING_TOKENS, token) ? FAILING_TOKENS[token as keyof typeof FAILING_TOKENS] : 200;
    res.writeHead(status, { 'content-type': 'application/json' }).end(status === 200 ? BODY : '{"error":"conformance"}');
  });
  const listening = await listen(server, port, '127.0.0.1');
  return {
    url: listening.url,
    requests,
    byRequestId: (id) => requests.filter((request) => request.headers['x-request-id'] === id),
    close: listening.close,
  };
}
