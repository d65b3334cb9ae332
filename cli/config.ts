// The kb CLI's settings, read from the environment once and validated with zod. Every problem is
// reported on one line; key values are never echoed.
import { z } from 'zod';
import { scopedKeySchema } from '../src/hub';

const schema = z.object({
  HUB_URL: z.url({ message: 'HUB_URL must be the hub address, e.g. http://127.0.0.1:4100' }),
  HUB_KNOWLEDGE_KEY: scopedKeySchema,
});

export interface KbConfig {
  hubUrl: string;
  knowledgeKey: string;
}

export type KbConfigResult = { ok: true; config: KbConfig } | { ok: false; message: string };

export function readKbConfig(env: NodeJS.ProcessEnv): KbConfigResult {
  const parsed = schema.safeParse({ HUB_URL: env['HUB_URL'], HUB_KNOWLEDGE_KEY: env['HUB_KNOWLEDGE_KEY'] });
  if (parsed.success) return { ok: true, config: { hubUrl: parsed.data.HUB_URL, knowledgeKey: parsed.data.HUB_KNOWLEDGE_KEY } };
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'setting');
    const value = env[name];
    if (value === undefined || value === '') return `${name} is not set`;
    return name === 'HUB_KNOWLEDGE_KEY' ? `${name} ${issue.message}` : issue.message;
  });
  return { ok: false, message: problems.join('; ') };
}
