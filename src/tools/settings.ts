// Settings of the tools served: TOOLSETS, the toolsets this deployment serves (./toolsets.ts). A comma list
// of names, or `all` (the default). Tools in no toolset are always served. TOOLS_MODE: `static` (the
// default) lists every tool served; `dynamic` lists a few that find, describe and run them (./dynamic.ts).
// TOOL_SCHEMAS: `portable` (the default) or `strict`, input schemas in OpenAI's strict form (./strict-schema.ts).
// Composed by src/config.ts.
import { z } from 'zod';
import { oneOf, type SettingsOf } from '../config-fields';

const NAMES = /^[a-z][a-z0-9_]{0,63}$/;

export const settings = {
  TOOLSETS: z
    .string()
    .transform((value) => value.split(',').map((name) => name.trim()).filter((name) => name !== ''))
    .refine((names) => names.every((name) => name === 'all' || NAMES.test(name)), {
      error: 'must be `all` or a comma list of toolset names (lower-case letters, digits and "_"), e.g. issues,projects',
    })
    .optional(),
  TOOLS_MODE: oneOf(['static', 'dynamic']).default('static'),
  TOOL_SCHEMAS: oneOf(['portable', 'strict']).default('portable'),
};

export function build(s: SettingsOf<typeof settings>) {
  const names = s.TOOLSETS ?? [];
  return { toolsets: names.length === 0 || names.includes('all') ? ('all' as const) : Object.freeze(names), toolsMode: s.TOOLS_MODE, toolSchemas: s.TOOL_SCHEMAS };
}
