// Runs a host's shell block of docs/connect-your-host.md (e.g. `claude mcp add …`) in the host's place.
import { runChild } from '../../support/children';
import { docBlock } from '../support/doc-config';
import type { Place } from './host';

export async function runDocShell(host: string, place: Place, env: NodeJS.ProcessEnv): Promise<void> {
  const block = docBlock(host, place.path, place.serverUrl);
  const { code, output } = await runChild('bash', ['-euo', 'pipefail', '-c', block], { cwd: place.work, env }, 60_000);
  if (code !== 0) throw new Error(`${host}: the docs' commands failed (exit ${code}):\n${block}\n${output}`);
}
