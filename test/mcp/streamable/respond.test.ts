// The POST /mcp exchange's event stream keeps itself alive: once upgraded (a notification before the
// answer), a comment line goes out at the interval until the answer ends the stream; an answer without
// notifications stays one JSON body with no comment in it.
import { createServer, type Server } from 'node:http';
import { listen } from '../../../src/http/listen';
import { Exchange } from '../../../src/mcp/streamable/respond';

let server: Server;
let url: string;
let answerNow: () => void = () => undefined;
beforeAll(async () => {
  server = createServer((req, res) => {
    const exchange = new Exchange(res, true, undefined, 20);
    if (req.url === '/streamed') exchange.notify({ jsonrpc: '2.0', method: 'notifications/progress', params: {} });
    answerNow = () => exchange.answer(200, { jsonrpc: '2.0', id: 1, result: {} });
    if (req.url !== '/streamed') answerNow();
  });
  url = (await listen(server)).url;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Exchange', () => {
  it('an upgraded stream gets keep-alive comment lines until its answer ends it', async () => {
    const response = await fetch(`${url}/streamed`);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes(': keepalive\n\n')) text += decoder.decode((await reader.read()).value, { stream: true });
    answerNow();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(text.startsWith('event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress"')).toBe(true);
    expect(text.endsWith('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n')).toBe(true);
  });

  it('an answer without notifications is one JSON body, with no comment line', async () => {
    const response = await fetch(`${url}/plain`);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.text()).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
  });
});
