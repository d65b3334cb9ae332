// POST /api/admin/knowledge/:id/sync with a knowledge:write key (contract, "Knowledge base sync").
// Missing parts or a filename over 512 characters: 400. Remove of a missing document: 204.
import { Router, raw } from 'express';
import type { SyncAction } from '../../src/hub';
import { MAX_FILENAME_LENGTH } from '../../src/hub';
import type { KnowledgeStore } from '../stores/knowledge';
import type { EmulatorKey } from '../options';
import { requireScope } from '../http/keys';
import { sendError } from '../http/json-errors';
import { parseMultipart, requireMultipart } from '../http/multipart';

const ACTIONS: readonly string[] = ['add', 'replace', 'remove'] satisfies SyncAction[];

export function knowledgeRoutes(deps: { keys: readonly EmulatorKey[]; fileLimit: number; knowledge: KnowledgeStore }): Router {
  const router = Router();

  router.post(
    '/:id/sync',
    requireScope(deps.keys, 'knowledge:write'),
    requireMultipart,
    raw({ type: () => true, limit: deps.fileLimit }),
    async (req, res) => {
      const kbId = String(req.params['id']);
      const form = await parseMultipart(req.body as Buffer, req.get('content-type') ?? '').catch(() => undefined);
      if (form === undefined) return sendError(res, 400, 'malformed_multipart', 'the multipart body could not be parsed');
      const action = form.text('action');
      if (action === undefined || !ACTIONS.includes(action)) {
        return sendError(res, 400, 'invalid_action', 'the action part must be add, replace or remove');
      }
      const filename = form.text('filename');
      if (filename === undefined || filename === '') return sendError(res, 400, 'missing_part', 'the filename part is required');
      if (filename.length > MAX_FILENAME_LENGTH) {
        return sendError(res, 400, 'filename_too_long', `filename is over ${MAX_FILENAME_LENGTH} characters`);
      }
      const file = action === 'remove' ? undefined : await form.file('file');
      if (action !== 'remove' && file === undefined) {
        return sendError(res, 400, 'missing_part', `the file part is required for ${action}`);
      }

      const outcome = deps.knowledge.sync(kbId, action as SyncAction, filename, file);
      if (outcome.noop) return res.status(204).end();
      res.json({ kbId, filename, action, size: outcome.document?.content.length ?? 0 });
    },
  );

  return router;
}
