// Parses the kb CLI's arguments into one command; anything else is a usage error.
import { parseArgs } from 'node:util';

export const KB_USAGE = `usage:
  npm run kb -- add --kb <id> <path> [--filename <name>]
  npm run kb -- replace --kb <id> <path> [--filename <name>]
  npm run kb -- remove --kb <id> --filename <name>
  npm run kb -- mirror --kb <id> <folder> [--state <file>]
settings: HUB_URL, HUB_KNOWLEDGE_KEY (a svc_ak_ key with knowledge:write)`;

export type KbCommand =
  | { kind: 'add' | 'replace'; kbId: string; path: string; filename: string | undefined }
  | { kind: 'remove'; kbId: string; filename: string }
  | { kind: 'mirror'; kbId: string; folder: string; statePath: string | undefined };

export type ParsedKbArgs = { ok: true; command: KbCommand } | { ok: false; message: string };

export function parseKbArgs(argv: string[]): ParsedKbArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { kb: { type: 'string' }, filename: { type: 'string' }, state: { type: 'string' } },
    });
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  const { values, positionals } = parsed;
  const [kind, target, ...extra] = positionals;
  if (extra.length > 0) return { ok: false, message: `unexpected argument ${extra[0]}` };
  const kbId = values.kb;
  if (kbId === undefined || kbId === '') return { ok: false, message: '--kb <id> is required' };

  if (kind === 'add' || kind === 'replace') {
    if (target === undefined) return { ok: false, message: `${kind} needs the path of a file` };
    return { ok: true, command: { kind, kbId, path: target, filename: values.filename } };
  }
  if (kind === 'remove') {
    if (values.filename === undefined || values.filename === '') return { ok: false, message: 'remove needs --filename <name>' };
    if (target !== undefined) return { ok: false, message: `unexpected argument ${target}` };
    return { ok: true, command: { kind, kbId, filename: values.filename } };
  }
  if (kind === 'mirror') {
    if (target === undefined) return { ok: false, message: 'mirror needs a folder' };
    return { ok: true, command: { kind, kbId, folder: target, statePath: values.state } };
  }
  return { ok: false, message: kind === undefined ? 'no command given' : `unknown command ${kind}` };
}
