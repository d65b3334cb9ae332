// A raw HTTP request for door tests: fetch cannot set Host, and these tests need to.
import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json: { error?: string; message?: string; result?: { isError?: boolean } } | undefined;
}

/** Sends one request and reads the whole answer; an SSE stream is cut after its first bytes. */
export function raw(
  baseUrl: string,
  path: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<RawAnswer> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}${path}`,
      { method, headers: { ...(text === undefined ? {} : { 'content-type': 'application/json' }), ...headers }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        const done = () => {
          const bodyText = Buffer.concat(chunks).toString('utf8');
          let json: RawAnswer['json'];
          try {
            json = JSON.parse(bodyText) as RawAnswer['json'];
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bodyText, json });
        };
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (String(res.headers['content-type']).startsWith('text/event-stream')) {
            req.destroy();
            done();
          }
        });
        res.on('end', done);
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

export const toolCall = (name: string, args: Record<string, unknown> = {}, id = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});
