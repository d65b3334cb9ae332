import { createServer } from 'node:http';
import { createHubClient } from '../../src/hub';
import { HubNetworkError } from '../../src/hub/errors';
import { listen } from '../../src/http/listen';

describe('hub client deadline', () => {
  it('a file trickled one byte every 400 ms ends at the deadline with HUB_TIMEOUT', async () => {
    const hub = await listen(
      createServer((req, res) => {
        req.resume();
        res.writeHead(200, { 'content-type': 'text/plain' });
        const timer = setInterval(() => res.write('x'), 400);
        res.on('close', () => clearInterval(timer));
      }),
    );
    const client = createHubClient({ baseUrl: hub.url, keys: { filesRead: 'svc_ak_test_read' }, timeoutMs: 1000 });
    try {
      const started = performance.now();
      const error = await client.fetchFile('sess-1', 'big.csv').catch((e: unknown) => e);
      const elapsed = performance.now() - started;
      expect(error).toBeInstanceOf(HubNetworkError);
      expect(error).toMatchObject({ code: 'HUB_TIMEOUT', timedOut: true });
      expect(elapsed).toBeGreaterThanOrEqual(990);
      expect(elapsed).toBeLessThan(5000); // it drips for ever: any bound shows the deadline ended it
    } finally {
      await client.close();
      await hub.close();
    }
  });
});
