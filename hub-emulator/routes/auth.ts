// POST /api/auth/bind and /api/auth/invalidate, with the embed key (contract, "Auth binding").
// Invalidate drops the binding(s) and ends their tool-server sessions ("Local hub emulator").
import { Router, json } from 'express';
import { z } from 'zod';
import type { BindingStore } from '../stores/bindings';
import type { ToolCaller } from '../tool-caller/tool-caller';
import { requireEmbedKey } from '../http/keys';
import { sendError } from '../http/json-errors';

/** Names and values that can go on an HTTP request: the tool-server calls would fail on anything else. */
const headerName = z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'not a valid header name');
const headerValue = z.string().regex(/^[^\r\n\0]*$/, 'header values may not contain CR, LF or NUL');

const bindBody = z.object({
  wsId: z.string().min(1),
  identity: z
    .object({
      userId: z.string().min(1),
      username: z.string().optional(),
      role: z.object({ name: z.string() }).optional(),
      tenantId: z.string().optional(),
    })
    .optional(),
  authArtifacts: z.object({ headers: z.record(headerName, headerValue), cookies: headerValue.optional() }),
});

const invalidateBody = z.union([z.object({ wsId: z.string().min(1) }), z.object({ userId: z.string().min(1) })]);

export function authRoutes(deps: { embedKey: string; jsonLimit: number; bindings: BindingStore; tools: ToolCaller }): Router {
  const router = Router();
  router.use(requireEmbedKey(deps.embedKey), json({ limit: deps.jsonLimit }));

  router.post('/bind', (req, res) => {
    const parsed = bindBody.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue ? ` (${issue.path.join('.')}: ${issue.message})` : '';
      return sendError(res, 400, 'invalid_binding', `expected { wsId, identity?, authArtifacts: { headers, cookies? } }${where}`);
    }
    const { wsId, identity, authArtifacts } = parsed.data;
    deps.bindings.bind(wsId, identity, authArtifacts);
    res.json({ ok: true });
  });

  router.post('/invalidate', async (req, res) => {
    const parsed = invalidateBody.safeParse(req.body);
    if (!parsed.success) return sendError(res, 400, 'invalid_request', 'expected { wsId } or { userId }');
    const dropped = deps.bindings.invalidate(parsed.data);
    await Promise.all(dropped.map((b) => deps.tools.disconnect(b.wsId)));
    res.json({ ok: true, invalidated: dropped.map((b) => b.wsId) });
  });

  return router;
}
