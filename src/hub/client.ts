// The typed client of the hub's five endpoints (contract, "Hub endpoints"): auth bind/invalidate with
// the embed key, file fetch/upload with x-session-id, knowledge-base sync. Keys never reach logs or errors.
import type { Agent, Dispatcher } from 'undici';
import { createApiAgent } from '../upstream/agent';
import { HubFilenameTooLongError, HubNotConfiguredError, MAX_FILENAME_LENGTH } from './errors';
import { assertHubKeys, HUB_KEY_SETTINGS, type HubKeyName, type HubKeys } from './keys';
import { syncForm, uploadForm } from './multipart';
import { jsonOrNull, sendHubRequest, type HubRequest, type HubResponse } from './send';
import { errorForStatus, isSuccess } from './status-errors';
import type {
  BindRequest,
  CallOptions,
  FetchedFile,
  InvalidateRequest,
  SyncRequest,
  SyncResult,
  UploadResult,
} from './types';

export interface HubClientOptions {
  /** The hub's base address, e.g. https://hub.example.com (HUB_URL). */
  baseUrl: string;
  /** Each key is optional; a method whose key is missing throws HubNotConfiguredError before sending. */
  keys: HubKeys;
  /** Default: a keep-alive Agent owned by this client and closed by `close()`. Pass one to share a pool. */
  dispatcher?: Dispatcher;
  /** Time-out for the answer's headers and for each pause in its body. Default 10 s. */
  timeoutMs?: number;
  /** Larger answers, e.g. a fetched file, are refused with HubResponseTooLargeError. Default 10 MiB. */
  maxResponseBytes?: number;
}

export interface HubClient {
  bind(body: BindRequest, options?: CallOptions): Promise<{ ok: boolean }>;
  /** Returns the hub's answer body (not shown by the contract), or null when empty. */
  invalidate(body: InvalidateRequest, options?: CallOptions): Promise<unknown>;
  fetchFile(sessionId: string, name: string, options?: CallOptions): Promise<FetchedFile>;
  uploadFile(
    sessionId: string,
    name: string,
    content: Buffer | string,
    contentType?: string,
    options?: CallOptions,
  ): Promise<UploadResult>;
  syncKnowledge(kbId: string, sync: SyncRequest, options?: CallOptions): Promise<SyncResult>;
  /** Closes the client's own Agent; a dispatcher passed in is left to its owner. */
  close(): Promise<void>;
}

export function createHubClient({
  baseUrl,
  keys,
  dispatcher,
  timeoutMs = 10_000,
  maxResponseBytes = 10 * 1024 * 1024,
}: HubClientOptions): HubClient {
  new URL(baseUrl); // throws on a malformed address at creation, not on first use
  assertHubKeys(keys);
  const ownAgent =
    // The API's pool: a cancelled request to the hub opens no connection in its place.
    dispatcher === undefined ? createApiAgent({ connections: null, connectTimeoutMs: timeoutMs, keepAliveTimeoutMs: 10_000 }) : undefined;
  const send = { baseUrl, dispatcher: dispatcher ?? (ownAgent as Dispatcher), timeoutMs, maxResponseBytes };

  type Outgoing = Omit<HubRequest, 'headers'> & { headers?: Record<string, string> };

  /** Sends with the key for `keyName`; throws the mapped error unless the status is a success. */
  async function call(keyName: HubKeyName, req: Outgoing, fileName?: string): Promise<HubResponse> {
    const { envVar, scope } = HUB_KEY_SETTINGS[keyName];
    const key = keys[keyName];
    if (key === undefined) throw new HubNotConfiguredError('POST', req.path, envVar);
    const res = await sendHubRequest(send, { ...req, headers: { ...req.headers, 'x-api-key': key } });
    if (!isSuccess(res.status)) {
      const ctx = { path: req.path, envVar, scope: scope ?? 'embed key', ...(fileName === undefined ? {} : { fileName }) };
      throw errorForStatus(ctx, res);
    }
    return res;
  }

  const json = { 'content-type': 'application/json' };

  return {
    async bind(body, options = {}) {
      const res = await call('embed', { path: '/api/auth/bind', headers: json, body: JSON.stringify(body), ...options });
      const parsed = jsonOrNull(res.body);
      const ok = typeof parsed === 'object' && parsed !== null && 'ok' in parsed && parsed.ok === true;
      return { ok };
    },

    async invalidate(body, options = {}) {
      const res = await call('embed', { path: '/api/auth/invalidate', headers: json, body: JSON.stringify(body), ...options });
      return jsonOrNull(res.body);
    },

    async fetchFile(sessionId, name, options = {}) {
      const path = '/api/mcp/files/fetch';
      const headers = { ...json, 'x-session-id': sessionId };
      const res = await call('filesRead', { path, headers, body: JSON.stringify({ name }), ...options }, name);
      const type = res.headers['content-type'];
      return { content: res.body, contentType: (Array.isArray(type) ? type[0] : type) ?? 'application/octet-stream' };
    },

    async uploadFile(sessionId, name, content, contentType, options = {}) {
      const path = '/api/mcp/files/upload';
      const res = await call('filesWrite', {
        path,
        headers: { 'x-session-id': sessionId },
        body: uploadForm(name, content, contentType),
        ...options,
      });
      return { name, body: jsonOrNull(res.body) };
    },

    async syncKnowledge(kbId, { action, filename, content, contentType }, options = {}) {
      const path = `/api/admin/knowledge/${encodeURIComponent(kbId)}/sync`;
      // the contract's only size limit; refused here so a bad name never costs a request
      if (filename.length > MAX_FILENAME_LENGTH) throw new HubFilenameTooLongError('POST', path, filename.length);
      if (action !== 'remove' && content === undefined) {
        throw new TypeError(`syncKnowledge: action ${action} needs content`);
      }
      const res = await call('knowledge', { path, body: syncForm(action, filename, content, contentType), ...options });
      return res.status === 204 ? { noop: true } : { noop: false, body: jsonOrNull(res.body) };
    },

    async close() {
      await ownAgent?.close();
    },
  };
}
