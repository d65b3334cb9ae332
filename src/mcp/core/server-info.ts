// serverInfo as each revision knows it. MCP's Implementation gained `title` in 2025-06-18 and
// `description` in 2025-11-25; an earlier client gets name and version only, the fields its revision (and
// the hub's contract, 2024-11-05) lists. 2026-07-28's server/discover carries all of them.
import type { ServerInfo } from './context';

export function serverInfoFor(info: ServerInfo, revision: string): ServerInfo {
  const shown: ServerInfo = { name: info.name, version: info.version };
  if (info.title !== undefined && revision >= '2025-06-18') shown.title = info.title;
  if (info.description !== undefined && revision >= '2025-11-25') shown.description = info.description;
  return shown;
}
