// The fixed demo keys `npm run hub` accepts (printed on start, listed in docs/hub.md). Local use only.
import type { EmulatorKey } from './options';

export const DEMO_EMBED_KEY = 'emb_demo_local_embed_key';

export const DEMO_KEYS: readonly EmulatorKey[] = [
  { key: 'svc_ak_demo_files_read', scope: 'mcp-files:read' },
  { key: 'svc_ak_demo_files_write', scope: 'mcp-files:write' },
  { key: 'svc_ak_demo_knowledge_write', scope: 'knowledge:write' },
];
