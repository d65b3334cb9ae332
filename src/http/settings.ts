// Settings of the HTTP layer in front of both lanes: the public path prefix, body size and write limits.
// Composed by src/config.ts.
import { z } from 'zod';
import { type SettingsOf, int } from '../config-fields';

export const settings = {
  PUBLIC_BASE_PATH: z
    .string()
    .default('')
    .refine((path) => path === '' || (path.startsWith('/') && !path.endsWith('/')), { error: 'must start with / and not end with /, e.g. /tools' }),
  MAX_BODY_BYTES: int(1024, 1_048_576),
  // Request bodies one client address may be sending at once (0: no cap); src/limits/body-slots.ts.
  MAX_BODIES_PER_CLIENT: int(0, 8),
  WRITE_TIMEOUT_MS: int(1000, 30_000),
};

export function build(s: SettingsOf<typeof settings>) {
  return { publicBasePath: s.PUBLIC_BASE_PATH, maxBodyBytes: s.MAX_BODY_BYTES, maxBodiesPerClient: s.MAX_BODIES_PER_CLIENT, writeTimeoutMs: s.WRITE_TIMEOUT_MS };
}
