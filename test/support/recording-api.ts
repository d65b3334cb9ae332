// A loopback stand-in for the customer API in the scale tests: GET /items/:id answers {id} at once,
// except ids starting with "hold", which wait until released or until the caller hangs up. It records
// every request's headers, and when a held request's connection closed (an aborted upstream request).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { listen } from '../../src/http/listen';

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  /** Resolves when the caller hung up before the answer was sent. */
  aborted: Promise<void>;
  /** The answer has been sent in full. */
  readonly answered: boolean;
}

export interface RecordingApi {
  url: string;
  requests: RecordedRequest[];
  /** Resolves with the first request for `path`, now or when it arrives. */
  seen(path: string): Promise<RecordedRequest>;
  /** Answers a held request. */
  release(path: string): void;
  close(): Promise<void>;
}

export async function startRecordingApi(): Promise<RecordingApi> {
  const requests: RecordedRequest[] = [];
  const waiters = new Map<string, Array<(request: RecordedRequest) => void>>();
  const held = new Map<string, ServerResponse>();
  const answer = (res: ServerResponse, id: string) => {
    const body = JSON.stringify({ id });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  };
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const id = decodeURIComponent(path.replace(/^\/items\//, ''));
    const aborted = new Promise<void>((resolve) => res.on('close', () => (res.writableFinished ? undefined : resolve())));
    const request = {
      path,
      headers: req.headers,
      aborted,
      get answered() {
        return res.writableFinished;
      },
    };
    requests.push(request);
    for (const wake of waiters.get(path)?.splice(0) ?? []) wake(request);
    if (!path.startsWith('/items/')) return answer(res, 'health');
    if (id.startsWith('hold')) held.set(path, res);
    else answer(res, id);
  });
  const listening = await listen(server);
  return {
    url: listening.url,
    requests,
    seen(path) {
      const found = requests.find((request) => request.path === path);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.set(path, [...(waiters.get(path) ?? []), resolve]));
    },
    release(path) {
      const res = held.get(path);
      held.delete(path);
      if (res) answer(res, decodeURIComponent(path.replace(/^\/items\//, '')));
    },
    close: listening.close,
  };
}
