// The emulator's own routes, for development and tests, not part of the hub contract: call a tool as a
// bound user, list tools, and inspect bindings, libraries and knowledge bases. No key: bind to loopback.
import { Router, json, raw } from 'express';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { BindingStore } from '../stores/bindings';
import type { KnowledgeStore } from '../stores/knowledge';
import type { LibraryStore } from '../stores/libraries';
import type { ToolCaller } from '../tool-caller/tool-caller';
import { BindingNotFoundError } from '../tool-caller/binding-not-found-error';
import { sendError } from '../http/json-errors';
import type { Response } from 'express';

interface Deps {
  jsonLimit: number;
  fileLimit: number;
  toolServerUrl: string | undefined;
  bindings: BindingStore;
  libraries: LibraryStore;
  knowledge: KnowledgeStore;
  tools: ToolCaller;
}

const callBody = z.object({
  wsId: z.string().min(1),
  tool: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).default({}),
  toolServerUrl: z.url().optional(),
});

/** A failed call as JSON: 404 unknown binding, 502 for the tool server's errors (JSON-RPC code kept). */
function sendCallError(res: Response, err: unknown): void {
  if (err instanceof BindingNotFoundError) return sendError(res, 404, 'binding_not_found', err.message);
  if (err instanceof McpError) {
    res.status(502).json({ error: { code: 'jsonrpc_error', message: err.message, jsonrpcCode: err.code } });
    return;
  }
  sendError(res, 502, 'tool_server_failed', err instanceof Error ? err.message : 'the tool server call failed');
}

export function emulatorRoutes(deps: Deps): Router {
  const router = Router();

  function serverUrl(res: Response, given: string | undefined): string | undefined {
    const url = given ?? deps.toolServerUrl;
    if (url === undefined) sendError(res, 400, 'no_tool_server', 'pass toolServerUrl or start the emulator with one');
    return url;
  }

  router.post('/call', json({ limit: deps.jsonLimit }), async (req, res) => {
    const parsed = callBody.safeParse(req.body);
    if (!parsed.success) return sendError(res, 400, 'invalid_request', 'expected { wsId, tool, arguments?, toolServerUrl? }');
    const url = serverUrl(res, parsed.data.toolServerUrl);
    if (url === undefined) return;
    const { wsId, tool, arguments: args } = parsed.data;
    await deps.tools.call(wsId, url, tool, args).then((result) => res.json(result), (err: unknown) => sendCallError(res, err));
  });

  router.get('/tools', async (req, res) => {
    const wsId = typeof req.query['wsId'] === 'string' ? req.query['wsId'] : undefined;
    if (wsId === undefined) return sendError(res, 400, 'invalid_request', 'pass ?wsId=');
    const given = typeof req.query['toolServerUrl'] === 'string' ? req.query['toolServerUrl'] : undefined;
    const url = serverUrl(res, given);
    if (url === undefined) return;
    await deps.tools.listTools(wsId, url).then((tools) => res.json({ tools }), (err: unknown) => sendCallError(res, err));
  });

  // credentials stay out of this listing: it is for seeing who is bound, not with what
  router.get('/bindings', (_req, res) => {
    const bindings = deps.bindings.list().map(({ wsId, identity, sessionId, boundAt }) => ({ wsId, identity, sessionId, boundAt }));
    res.json({ bindings });
  });

  router.get('/library/:owner', (req, res) => {
    const files = deps.libraries.list(String(req.params['owner'])).map(({ name, content, contentType, updatedAt }) => ({
      name,
      size: content.length,
      contentType,
      updatedAt,
    }));
    res.json({ files });
  });

  // seeds a user's library: PUT /emulator/library/<userId>?name=notes.txt with the file as the body
  router.put('/library/:owner', raw({ type: () => true, limit: deps.fileLimit }), (req, res) => {
    const name = typeof req.query['name'] === 'string' ? req.query['name'] : '';
    if (name === '') return sendError(res, 400, 'invalid_request', 'pass ?name=');
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const file = deps.libraries.put(String(req.params['owner']), name, body, req.get('content-type') ?? 'application/octet-stream');
    res.json({ ok: true, name: file.name, size: file.content.length });
  });

  router.get('/knowledge/:id', (req, res) => {
    const documents = deps.knowledge.list(String(req.params['id'])).map(({ filename, content, contentType, sha256, updatedAt }) => ({
      filename,
      size: content.length,
      contentType,
      sha256,
      updatedAt,
    }));
    res.json({ id: req.params['id'], documents });
  });

  router.get('/knowledge/:id/document', (req, res) => {
    const filename = typeof req.query['filename'] === 'string' ? req.query['filename'] : '';
    const doc = deps.knowledge.get(String(req.params['id']), filename);
    if (doc === undefined) return sendError(res, 404, 'document_not_found', 'no document by that filename');
    res.type(doc.contentType).send(doc.content);
  });

  return router;
}
