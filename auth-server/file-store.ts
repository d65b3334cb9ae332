// What the development authorization server must not forget when `npm run auth-server` restarts: the
// clients assistants registered (dynamic registration), their grants and refresh tokens, opaque access
// tokens, and its signing keys. Kept in a data folder (default .data/auth-server, ignored by git) as two
// small JSON files written whole on each change (mode 0600: they hold client secrets, refresh tokens and
// private keys; nothing here is ever logged). Sign-in sessions, interactions and codes stay in memory: a
// restart costs a browser sign-in under way, nothing else. Without a folder, everything is in memory.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JWK } from 'jose' with { 'resolution-mode': 'import' };

/** oidc-provider models worth keeping across restarts; the rest live minutes at most. */
const KEPT = new Set(['Client', 'Grant', 'RefreshToken', 'AccessToken', 'ClientCredentials', 'RegistrationAccessToken']);

type Payload = Record<string, unknown>;
interface Entry {
  payload: Payload;
  /** Epoch milliseconds; absent: does not expire. */
  expiresAt?: number;
}

/** oidc-provider's adapter interface (the methods it calls). */
export interface Adapter {
  upsert(id: string, payload: Payload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<Payload | undefined>;
  findByUid(uid: string): Promise<Payload | undefined>;
  findByUserCode(userCode: string): Promise<Payload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

export interface Store {
  /** oidc-provider's `adapter` setting: one adapter per model name. */
  adapter(model: string): Adapter;
  /** The signing keys kept (newest first), or undefined when none are. */
  keys(): JWK[] | undefined;
  saveKeys(keys: readonly JWK[]): void;
  /** The folder, or undefined in memory. */
  readonly dir: string | undefined;
}

function readJson<T>(path: string): T | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch (error) {
    throw new Error(`${path} cannot be read (${error instanceof Error ? error.message : String(error)}): delete it to start afresh, or set AUTH_SERVER_DATA_DIR=memory`);
  }
}

/** Expired entries are dropped every this many writes (sessions and interactions are never looked up again). */
const PRUNE_EVERY = 200;

/** Written to a temporary file and renamed, so a stop mid-write never leaves half a file. */
function writeJson(path: string, value: unknown): void {
  writeFileSync(`${path}.tmp`, JSON.stringify(value), { mode: 0o600 });
  renameSync(`${path}.tmp`, path);
  chmodSync(path, 0o600);
}

export function createStore(dir?: string): Store {
  if (dir !== undefined) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const modelsPath = dir && join(dir, 'models.json');
  const keysPath = dir && join(dir, 'keys.json');
  const entries = new Map<string, Entry>(Object.entries(modelsPath ? (readJson<Record<string, Entry>>(modelsPath) ?? {}) : {}));

  const modelOf = (key: string) => key.slice(0, key.indexOf(':'));
  function save(key: string): void {
    if (!modelsPath || !KEPT.has(modelOf(key))) return;
    const kept = [...entries].filter(([name]) => KEPT.has(modelOf(name)));
    writeJson(modelsPath, Object.fromEntries(kept));
  }
  function live(key: string): Payload | undefined {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      save(key);
      return undefined;
    }
    return entry.payload;
  }
  let writes = 0;
  function prune(): void {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt !== undefined && entry.expiresAt <= now) entries.delete(key);
  }
  const findBy = (model: string, field: string, value: string) => {
    for (const [key, entry] of entries) if (modelOf(key) === model && entry.payload[field] === value) return live(key);
    return undefined;
  };

  return {
    dir,
    adapter(model) {
      const keyOf = (id: string) => `${model}:${id}`;
      return {
        async upsert(id, payload, expiresIn) {
          if (++writes % PRUNE_EVERY === 0) prune();
          entries.set(keyOf(id), { payload, ...(typeof expiresIn === 'number' ? { expiresAt: Date.now() + expiresIn * 1000 } : {}) });
          save(keyOf(id));
        },
        find: async (id) => live(keyOf(id)),
        findByUid: async (uid) => findBy(model, 'uid', uid),
        findByUserCode: async (userCode) => findBy(model, 'userCode', userCode),
        async consume(id) {
          const payload = live(keyOf(id));
          if (payload === undefined) return;
          payload.consumed = Math.floor(Date.now() / 1000);
          save(keyOf(id));
        },
        async destroy(id) {
          entries.delete(keyOf(id));
          save(keyOf(id));
        },
        async revokeByGrantId(grantId) {
          const revoked = [...entries].filter(([, entry]) => entry.payload.grantId === grantId).map(([key]) => key);
          for (const key of revoked) entries.delete(key);
          const kept = revoked.find((key) => KEPT.has(modelOf(key)));
          if (kept !== undefined) save(kept);
        },
      };
    },
    keys: () => (keysPath ? readJson<JWK[]>(keysPath) : undefined),
    saveKeys(keys) {
      if (keysPath) writeJson(keysPath, keys);
    },
  };
}
