// Settings from a `.env` file for `npm start` and `npm run dev`. Variables already in the
// environment win. Only the entry point calls this; src/config.ts still interprets every value.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';

export interface EnvFile {
  /** Absolute path of the file that was read, or undefined when there was none. */
  path: string | undefined;
  vars: Readonly<Record<string, string>>;
}

/**
 * Reads `.env` in the working directory (npm runs scripts from the project root). Node's own parser
 * (`util.parseEnv`, the one behind `--env-file` and `process.loadEnvFile`) without writing to
 * process.env, so the merge below decides precedence and tests never touch the real environment.
 */
export function readEnvFile(path = resolve('.env')): EnvFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { path: undefined, vars: {} };
    throw error;
  }
  return { path, vars: parseEnv(text) as Record<string, string> };
}

/** The environment loadConfig sees: the file's values under the real environment's (environment wins). */
export function withEnvFile(env: NodeJS.ProcessEnv, file: EnvFile): NodeJS.ProcessEnv {
  return { ...file.vars, ...env };
}
