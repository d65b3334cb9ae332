// Reads a Dockerfile into stages of instructions, the small subset this project's Dockerfile uses:
// ARG (before FROM), FROM … AS, WORKDIR, COPY [--from=], RUN, ENV, USER, EXPOSE, HEALTHCHECK … CMD, CMD.
export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  name: string;
  image: string;
  instructions: Instruction[];
}

const KNOWN = new Set(['WORKDIR', 'COPY', 'RUN', 'ENV', 'USER', 'EXPOSE', 'HEALTHCHECK', 'CMD']);

export function parseDockerfile(text: string): Stage[] {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
  const args = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of lines) {
    const match = /^(\w+)\s+(.*)$/.exec(line);
    if (!match) throw new Error(`Dockerfile: cannot read "${line}"`);
    const keyword = match[1]!.toUpperCase();
    const rest = match[2]!.replace(/\$\{(\w+)\}/g, (_m, name: string) => args.get(name) ?? '');
    if (keyword === 'ARG' && stages.length === 0) {
      const [name = '', value = ''] = rest.split('=');
      args.set(name.trim(), value.trim());
    } else if (keyword === 'FROM') {
      const from = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest);
      stages.push({ image: from?.[1] ?? rest, name: from?.[2] ?? `stage-${stages.length}`, instructions: [] });
    } else if (KNOWN.has(keyword) && stages.length > 0) {
      stages.at(-1)!.instructions.push({ keyword, args: rest });
    } else {
      throw new Error(`Dockerfile: ${keyword} is not supported by the smoke run (add it to cli/docker-smoke)`);
    }
  }
  return stages;
}

/** `["node", "-e", "…"]` → its parts; the exec form is the only one the smoke run accepts for CMD. */
export function execForm(text: string): string[] {
  const parsed = JSON.parse(text) as unknown;
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) throw new Error(`Dockerfile: use the exec form ["…"] (got ${text})`);
  return parsed as string[];
}

/** ENV a=b c=d (or ENV a b). */
export function parseEnv(text: string): Record<string, string> {
  if (!text.includes('=')) {
    const [name = '', ...value] = text.split(/\s+/);
    return { [name]: value.join(' ') };
  }
  return Object.fromEntries([...text.matchAll(/(\w+)=("[^"]*"|\S+)/g)].map(([, name, value]) => [name!, value!.replace(/^"|"$/g, '')]));
}
