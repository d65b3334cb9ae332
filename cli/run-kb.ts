// The kb CLI as a function: arguments and environment in, lines out, exit code back. `cli/kb.ts` is a
// thin entry around it; tests call it directly with a real hub emulator.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { createHubClient, type HubClient } from '../src/hub';
import { KB_USAGE, parseKbArgs, type KbCommand } from './args';
import { readKbConfig } from './config';
import { contentTypeOf } from './content-type';
import { failureLine } from './messages';
import { mirror } from './mirror';

export interface KbIo {
  env: NodeJS.ProcessEnv;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Default: a client for HUB_URL with HUB_KNOWLEDGE_KEY, closed at the end. */
  hubClient?: Pick<HubClient, 'syncKnowledge'>;
}

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

export async function runKb(argv: string[], io: KbIo): Promise<number> {
  const print = (line: string): void => void io.stdout.write(`${line}\n`);
  const fail = (line: string, code: number): number => (io.stderr.write(`kb: ${line}\n`), code);

  if (argv.includes('--help') || argv.includes('-h')) return (print(KB_USAGE), EXIT_OK);
  const args = parseKbArgs(argv);
  if (!args.ok) return fail(`${args.message}\n${KB_USAGE}`, EXIT_USAGE);
  const config = readKbConfig(io.env);
  if (!config.ok) return fail(config.message, EXIT_USAGE);

  const { hubUrl, knowledgeKey } = config.config;
  const own = io.hubClient === undefined ? createHubClient({ baseUrl: hubUrl, keys: { knowledge: knowledgeKey } }) : undefined;
  const hub = io.hubClient ?? (own as HubClient);
  try {
    await execute(args.command, hub, hubUrl, print);
    return EXIT_OK;
  } catch (err) {
    return fail(failureLine(err, hubUrl), EXIT_FAILED);
  } finally {
    await own?.close();
  }
}

type Hub = Pick<HubClient, 'syncKnowledge'>;

async function execute(command: KbCommand, hub: Hub, hubUrl: string, print: (line: string) => void): Promise<void> {
  const { kbId } = command;
  switch (command.kind) {
    case 'add':
    case 'replace': {
      const content = await readFile(command.path); // a missing file fails here, before any request
      const filename = command.filename ?? basename(command.path);
      await hub.syncKnowledge(kbId, { action: command.kind, filename, content, contentType: contentTypeOf(command.path) });
      print(`${command.kind === 'add' ? 'added' : 'replaced'} ${filename} in knowledge base ${kbId}`);
      return;
    }
    case 'remove': {
      const result = await hub.syncKnowledge(kbId, { action: 'remove', filename: command.filename });
      // 204: the hub had no such document (contract, "Knowledge base documents"); still a success
      print(
        result.noop
          ? `nothing was removed: ${command.filename} is not in knowledge base ${kbId}`
          : `removed ${command.filename} from knowledge base ${kbId}`,
      );
      return;
    }
    case 'mirror':
      await mirror({ kbId, folder: command.folder, statePath: command.statePath, hubUrl, hub, print });
  }
}
