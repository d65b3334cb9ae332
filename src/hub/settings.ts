// Settings of the assistant hub's own endpoints: its URL and the scoped keys of each feature (a feature
// whose key is unset is off). Composed by src/config.ts; values of keys are never repeated in problems.
import { type Common, type SettingsOf, httpUrl, text } from '../config-fields';
import { scopedKeySchema } from './keys';

export const settings = {
  HUB_URL: httpUrl.optional(),
  HUB_FILES_READ_KEY: scopedKeySchema.optional(),
  HUB_FILES_WRITE_KEY: scopedKeySchema.optional(),
  HUB_KNOWLEDGE_KEY: scopedKeySchema.optional(),
  HUB_EMBED_KEY: text.optional(),
};

type Settings = SettingsOf<typeof settings>;
const KEYS = ['HUB_FILES_READ_KEY', 'HUB_FILES_WRITE_KEY', 'HUB_KNOWLEDGE_KEY', 'HUB_EMBED_KEY'] as const;

export function problems(s: Partial<Settings>, common: Common): string[] {
  if (s.HUB_URL !== undefined || common.invalid.has('HUB_URL')) return [];
  const set = KEYS.filter((key) => s[key] !== undefined);
  return set.length === 0 ? [] : [`HUB_URL: is required when ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set`];
}

export function build(s: Settings) {
  return {
    hub: Object.freeze({
      url: s.HUB_URL,
      filesReadKey: s.HUB_FILES_READ_KEY,
      filesWriteKey: s.HUB_FILES_WRITE_KEY,
      knowledgeKey: s.HUB_KNOWLEDGE_KEY,
      embedKey: s.HUB_EMBED_KEY,
    }),
  };
}
