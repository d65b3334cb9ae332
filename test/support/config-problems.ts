// The problems loadConfig reports for an environment (none when it loads), for the configuration tests.
import { ConfigError, loadConfig } from '../../src/config';

export function problemsOf(env: NodeJS.ProcessEnv): readonly string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}
