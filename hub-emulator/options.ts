// Options of the hub emulator, their defaults, and their validation (bad options fail at creation).
import { HUB_SCOPES, scopedKeySchema, type HubScope } from '../src/hub';
import type { Logger } from '../src/logger';

export interface EmulatorKey {
  /** A scoped API key value, starting with svc_ak_. */
  key: string;
  /** Its single permission (contract, "Scoped API key"). */
  scope: HubScope;
}

export interface HubEmulatorOptions {
  /** The key bind and invalidate accept in x-api-key. */
  embedKey: string;
  /** Scoped keys for file fetch/upload and knowledge sync. */
  keys: EmulatorKey[];
  /** Tool server used by /emulator/call when a request names none, e.g. http://127.0.0.1:3000. */
  toolServerUrl?: string;
  /** X-Tenant-Id sent when the bound identity carries no tenantId. Default: none sent. */
  defaultTenantId?: string;
  /** Limit of JSON bodies. Default 1 MiB: bindings and file names are small. */
  jsonLimit?: number;
  /** Limit of multipart bodies (uploads, sync). Default 10 MiB: documents, not media. */
  fileLimit?: number;
  /** Session ids the emulator sends as X-Session-Id. Default `hubsess_<uuid>`. */
  newSessionId?: () => string;
  /** X-Request-Id of each tool-server request. Default `hubreq_<uuid>`. */
  newRequestId?: () => string;
  /** Gets an info line per request served and per tool call made. Default: silent (tests pass a sink to read them). */
  logger?: Logger;
}

export const DEFAULT_JSON_LIMIT = 1024 * 1024;
export const DEFAULT_FILE_LIMIT = 10 * 1024 * 1024;

export function assertEmulatorOptions(options: HubEmulatorOptions): void {
  if (options.embedKey.length === 0) throw new TypeError('createHubEmulator: embedKey must not be empty');
  const seen = new Set<string>([options.embedKey]);
  options.keys.forEach(({ key, scope }, index) => {
    if (!scopedKeySchema.safeParse(key).success) {
      throw new TypeError(`createHubEmulator: keys[${index}] must start with svc_ak_`);
    }
    if (!HUB_SCOPES.includes(scope)) throw new TypeError(`createHubEmulator: keys[${index}] has an unknown scope`);
    if (seen.has(key)) throw new TypeError(`createHubEmulator: keys[${index}] repeats another key`);
    seen.add(key);
  });
  if (options.toolServerUrl !== undefined) new URL(options.toolServerUrl);
}
