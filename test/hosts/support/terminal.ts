// A terminal for a host's interactive UI (Claude Code's `/mcp` menu, Gemini CLI's `/mcp auth`): the host
// runs in a tmux session on a socket of its own, the test types into it and reads its screen. tmux is
// installed by .ci/run; the host gets exactly the environment it is given (env -i), with a real TERM.
import { join } from 'node:path';
import { runChild } from '../../support/children';

export interface Terminal {
  /**
   * Types `text` literally (no key names); with `enter`, presses Enter once the screen shows the text: a
   * key that arrives with a burst of typing is read as part of a paste (a new line, not a submit). With
   * `ready` too, Enter waits until the screen also matches it: a host whose completion list catches up
   * with the typing after it shows the text (Gemini CLI's) takes Enter as "accept the highlighted
   * suggestion", and a list still showing an earlier prefix's suggestions would submit another command.
   */
  type(text: string, enter?: boolean, ready?: RegExp): Promise<void>;
  /** Presses keys by tmux's names: `Enter`, `Down`, `Escape`, `C-c`. */
  press(...keys: string[]): Promise<void>;
  /** What the terminal shows, its scrollback included, wrapped lines joined. */
  screen(): Promise<string>;
  /** Resolves with the first match of `pattern` on the screen, now or when it appears; fails after `timeoutMs` with the screen. */
  shows(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Ends the host and the tmux server. */
  close(): Promise<void>;
}

/** Starts `command` in a 200×50 terminal; `dir` holds the tmux socket (a fresh folder of the test's). */
export async function openTerminal(dir: string, command: string, args: readonly string[], env: NodeJS.ProcessEnv, cwd: string): Promise<Terminal> {
  const socket = join(dir, 'tmux.sock');
  const tmux = async (...rest: string[]) => {
    const done = await runChild('tmux', ['-S', socket, ...rest]);
    if (done.code !== 0) throw new Error(`tmux ${rest[0]} exited with ${done.code}: ${done.stderr.trim()}`);
    return done;
  };
  const vars = Object.entries({ ...env, TERM: 'xterm-256color' }).flatMap(([name, value]) => (value === undefined ? [] : [`${name}=${value}`]));
  // Several arguments after the options: tmux runs them as they are, with no shell between.
  await tmux('new-session', '-d', '-s', 'host', '-x', '200', '-y', '50', '-c', cwd, 'env', '-i', ...vars, command, ...args);
  // The pane stays when the host exits, so its last words can still be read.
  await tmux('set-option', '-t', 'host', 'remain-on-exit', 'on');
  await tmux('set-option', '-t', 'host', 'history-limit', '10000');

  const screen = async () => (await tmux('capture-pane', '-p', '-J', '-S', '-', '-t', 'host')).stdout;
  const shows = async (pattern: RegExp, timeoutMs = 30_000): Promise<RegExpExecArray> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const shown = await screen();
      const found = pattern.exec(shown);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`the terminal did not show ${pattern} within ${timeoutMs} ms; it shows:\n${shown.slice(-4000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return {
    async type(text, enter = false, ready) {
      const count = async () => (await screen()).split(text).length;
      const before = await count();
      await tmux('send-keys', '-t', 'host', '-l', text);
      if (!enter) return;
      const deadline = Date.now() + 10_000;
      while ((await count()) === before) {
        if (Date.now() > deadline) throw new Error(`the terminal did not show what was typed (${text}) within 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (ready) await shows(ready, 10_000);
      await tmux('send-keys', '-t', 'host', 'Enter');
    },
    async press(...keys) {
      await tmux('send-keys', '-t', 'host', ...keys);
    },
    screen,
    shows,
    async close() {
      await tmux('kill-server').catch(() => undefined);
    },
  };
}
