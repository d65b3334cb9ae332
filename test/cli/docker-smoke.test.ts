// The Dockerfile as the smoke run reads it (CI runs the steps themselves: scripts/docker-smoke.sh).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dockerignore } from '../../cli/docker-smoke/context';
import { execForm, parseDockerfile, parseEnv } from '../../cli/docker-smoke/dockerfile';
import { ROOT } from '../support/project-copy';

describe('the Dockerfile', () => {
  const stages = parseDockerfile(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
  const final = stages.at(-1)!;
  const value = (keyword: string) => final.instructions.find((i) => i.keyword === keyword)?.args;

  it('builds in stages and ships production dependencies only', () => {
    expect(stages.map((s) => s.name)).toEqual(['build', 'deps', 'stage-2']);
    expect(stages[1]?.instructions.find((i) => i.keyword === 'RUN')?.args).toMatch(/npm ci --omit=dev/);
    expect(final.instructions.filter((i) => i.keyword === 'RUN')).toEqual([]);
    expect(final.image).toMatch(/^node:\d+-bookworm-slim$/);
  });

  it('runs as a non-root user, in production, with a node health check on /health/live', () => {
    expect(value('USER')).toBe('node');
    expect(parseEnv(value('ENV') ?? '')).toMatchObject({ NODE_ENV: 'production' });
    const health = execForm(value('HEALTHCHECK')!.replace(/^.*?\bCMD\s+/, ''));
    expect(health[0]).toBe('node');
    expect(health.join(' ')).toContain("path: '/health/live'");
    expect(execForm(value('CMD')!)).toEqual(['node', 'dist/src/index.js']);
  });

  it('.dockerignore keeps secrets and installed output out of the context', () => {
    const ignored = dockerignore(ROOT);
    expect(['.env', '.env.production', 'node_modules/x/y.js', 'dist', '.git'].every(ignored)).toBe(true);
    expect(['.env.example', 'src/index.ts', 'package-lock.json', 'tools/whoami.ts'].some(ignored)).toBe(false);
  });
});

describe('parseDockerfile', () => {
  it('substitutes ARGs, joins continued lines, and refuses what the smoke run cannot do', () => {
    const [stage] = parseDockerfile('ARG V=9\nFROM node:${V} AS b\nRUN a \\\n  && b\n');
    expect(stage).toEqual({ name: 'b', image: 'node:9', instructions: [{ keyword: 'RUN', args: 'a    && b' }] });
    expect(() => parseDockerfile('FROM x\nADD a b\n')).toThrow(/ADD is not supported/);
  });
});
