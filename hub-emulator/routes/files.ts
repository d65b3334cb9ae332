// POST /api/mcp/files/fetch and /upload (contract, "MCP file access"): a single-scope key, then
// x-session-id, which resolves to the binding and so to the user's library.
import { Router, json, raw, type RequestHandler } from 'express';
import { z } from 'zod';
import { libraryOwner, type BindingStore } from '../stores/bindings';
import type { LibraryStore } from '../stores/libraries';
import type { EmulatorKey } from '../options';
import { requireScope } from '../http/keys';
import { sendError } from '../http/json-errors';
import { parseMultipart, requireMultipart } from '../http/multipart';

interface Deps {
  keys: readonly EmulatorKey[];
  jsonLimit: number;
  fileLimit: number;
  bindings: BindingStore;
  libraries: LibraryStore;
}

/** Missing x-session-id: 400. An id the emulator never issued, or whose binding was invalidated: 400 too. */
function resolveSession(bindings: BindingStore): RequestHandler {
  return function resolveSession(req, res, next) {
    const sessionId = req.get('x-session-id');
    if (sessionId === undefined || sessionId === '') return sendError(res, 400, 'missing_session_id', 'x-session-id is required');
    const binding = bindings.bySessionId(sessionId);
    if (binding === undefined) return sendError(res, 400, 'unknown_session', 'x-session-id names no live session');
    res.locals['owner'] = libraryOwner(binding);
    next();
  };
}

export function fileRoutes(deps: Deps): Router {
  const router = Router();
  const session = resolveSession(deps.bindings);
  const fetchBody = z.object({ name: z.string().min(1) });

  router.post('/fetch', requireScope(deps.keys, 'mcp-files:read'), session, json({ limit: deps.jsonLimit }), (req, res) => {
    const parsed = fetchBody.safeParse(req.body);
    if (!parsed.success) return sendError(res, 400, 'invalid_request', 'expected a JSON body { name }');
    const file = deps.libraries.get(String(res.locals['owner']), parsed.data.name);
    if (file === undefined) return sendError(res, 404, 'file_not_found', 'the user has no file by that name');
    res.set('content-type', file.contentType);
    res.set('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`);
    res.send(file.content);
  });

  router.post(
    '/upload',
    requireScope(deps.keys, 'mcp-files:write'),
    session,
    requireMultipart,
    raw({ type: () => true, limit: deps.fileLimit }),
    async (req, res) => {
      const form = await parseMultipart(req.body as Buffer, req.get('content-type') ?? '').catch(() => undefined);
      if (form === undefined) return sendError(res, 400, 'malformed_multipart', 'the multipart body could not be parsed');
      const file = await form.file('file');
      if (file === undefined) return sendError(res, 400, 'missing_part', 'the file part is required');
      const name = form.text('filename') || file.name; // defaults to the file's own name (contract, "Upload parts")
      if (name === '') return sendError(res, 400, 'missing_part', 'name the file with a filename part or a file name');
      const stored = deps.libraries.put(String(res.locals['owner']), name, file.content, file.contentType);
      res.json({ ok: true, name: stored.name, size: stored.content.length, contentType: stored.contentType });
    },
  );

  return router;
}
