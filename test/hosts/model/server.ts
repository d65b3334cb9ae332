// The scripted model: one loopback HTTP server speaking the four APIs the hosts use (anthropic.ts,
// responses.ts, gemini.ts, chat.ts). A test scripts a turn, runs the host, and awaits what the host handed
// the model. A request that offers no tools (a host's side call: a title, a check) gets plain text.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropic } from './anthropic';
import { chat } from './chat';
import { json, nextId, type Dialect } from './dialect';
import { gemini } from './gemini';
import { responses } from './responses';
import { FINAL_TEXT, hostName, type Recorded, type Reply, type Seen, type Turn } from './turn';

const DIALECTS: readonly Dialect[] = [anthropic, responses, gemini, chat];

export interface ScriptedModel {
  /** Base URL, e.g. http://127.0.0.1:40123 (no path). */
  url: string;
  /** Scripts the next turn; resolves with what the host handed the model. */
  script(turn: Turn): Promise<Recorded>;
  /** Every request so far, one line each (dialect, path, tools offered), for a failing test's message. */
  journal(): string[];
  close(): Promise<void>;
}

interface Current {
  turn: Turn;
  called?: { id: string; tools: string[] };
  done(recorded: Recorded): void;
}

export async function startScriptedModel(): Promise<ScriptedModel> {
  let current: Current | undefined;
  const lines: string[] = [];

  function answer(seen: Seen): Reply {
    const turn = current?.turn;
    if (!current || !turn || seen.tools.length === 0) return { text: 'OK.' };
    if ('read' in turn) {
      finish({ text: seen.userMessage, tools: seen.tools });
      return { text: FINAL_TEXT };
    }
    if (current.called && seen.toolResult !== undefined) {
      finish({ text: seen.toolResult, tools: current.called.tools });
      return { text: FINAL_TEXT };
    }
    const name = hostName(seen.tools, turn.call);
    if (name === undefined) {
      finish({ text: `(the host offered no tool named ${turn.call}; it offered: ${seen.tools.join(', ')})`, tools: seen.tools });
      return { text: FINAL_TEXT };
    }
    current.called = { id: nextId('call_'), tools: seen.tools };
    return { call: { id: current.called.id, name, arguments: turn.arguments } };
  }

  function finish(recorded: Recorded): void {
    const done = current?.done;
    current = undefined;
    done?.(recorded);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const dialect = DIALECTS.find((candidate) => candidate.matches(req.method ?? '', path));
    if (!dialect) {
      lines.push(`${req.method} ${path}: not a turn`);
      if (DIALECTS.some((candidate) => candidate.other?.(req, res, path))) return;
      return json(res, 404, { error: { message: `the scripted model does not answer ${req.method} ${path}` } });
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    const seen = dialect.read(body, path);
    const reply = answer(seen);
    lines.push(`${dialect.name} ${path}: ${seen.tools.length} tools${seen.toolResult === undefined ? '' : ', a tool result'} -> ${'call' in reply ? `call ${reply.call.name}` : 'text'}`);
    dialect.write(res, reply, body, path);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      lines.push(`error: ${String(error)}`);
      if (!res.headersSent) json(res, 500, { error: { message: String(error) } });
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    script: (turn) => new Promise<Recorded>((done) => (current = { turn, done })),
    journal: () => [...lines],
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
