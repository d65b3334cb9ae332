// x-api-key checks. Missing or unknown key: 401; a known scoped key with another scope: 403
// (the contract leaves these statuses open; this is the emulator's choice, documented in docs/hub.md).
import type { RequestHandler } from 'express';
import type { HubScope } from '../../src/hub';
import type { EmulatorKey } from '../options';
import { sendError } from './json-errors';

export function requireEmbedKey(embedKey: string): RequestHandler {
  return function requireEmbedKey(req, res, next) {
    if (req.get('x-api-key') !== embedKey) {
      return sendError(res, 401, 'invalid_key', 'x-api-key is missing or is not the embed key');
    }
    next();
  };
}

export function requireScope(keys: readonly EmulatorKey[], scope: HubScope): RequestHandler {
  const scopes = new Map(keys.map(({ key, scope: s }) => [key, s]));
  return function requireScope(req, res, next) {
    const given = req.get('x-api-key');
    const has = given === undefined ? undefined : scopes.get(given);
    if (has === undefined) return sendError(res, 401, 'invalid_key', 'x-api-key is missing or unknown');
    if (has !== scope) return sendError(res, 403, 'missing_scope', `this key lacks the ${scope} permission`);
    next();
  };
}
