// Example of the customer backend's side of auth binding: after your own sign-in,
// bind the user's token to the widget connection; on sign-out or a role change, invalidate.
// Run: HUB_URL=http://127.0.0.1:4100 HUB_EMBED_KEY=<embed key> npx tsx hub-emulator/examples/backend-route.ts
import express from 'express';
import { randomUUID } from 'node:crypto';
import { createHubClient, HubError, type HubClient } from '../../src/hub';

/** Your backend's routes; the hub client comes in as a parameter so a test can point it at the emulator. */
export function createBackendApp(hub: HubClient): express.Express {
  const app = express();
  app.use(express.json());

  // Your own sign-in goes here; this stand-in accepts any user name and mints an opaque token.
  app.post('/login', async (req, res) => {
    const { username, wsId } = (req.body ?? {}) as { username?: string; wsId?: string };
    if (!username || !wsId) return res.status(400).json({ error: 'username and wsId (from the widget) are required' });
    const token = randomUUID();
    try {
      await hub.bind({
        wsId,
        identity: { userId: username, username, role: { name: 'member' } },
        authArtifacts: { headers: { Authorization: `Bearer ${token}` } },
      });
      res.json({ ok: true });
    } catch (err) {
      // HubError messages name the endpoint and the setting to check, never the key
      res.status(502).json({ error: err instanceof HubError ? err.message : 'binding failed' });
    }
  });

  // Sign-out (or a role change): drop the binding so the widget re-authenticates.
  app.post('/logout', async (req, res) => {
    const { wsId } = (req.body ?? {}) as { wsId?: string };
    if (!wsId) return res.status(400).json({ error: 'wsId is required' });
    try {
      await hub.invalidate({ wsId });
      res.json({ ok: true });
    } catch (err) {
      res.status(502).json({ error: err instanceof HubError ? err.message : 'invalidate failed' });
    }
  });

  return app;
}

if (require.main === module) {
  const hub = createHubClient({
    baseUrl: process.env['HUB_URL'] ?? 'http://127.0.0.1:4100',
    keys: { embed: process.env['HUB_EMBED_KEY'] ?? 'emb_demo_local_embed_key' },
  });
  const port = Number(process.env['PORT'] ?? 4200);
  createBackendApp(hub).listen(port, '127.0.0.1', () => process.stdout.write(`example backend on http://127.0.0.1:${port}\n`));
}
