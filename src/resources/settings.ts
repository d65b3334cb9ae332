// Settings of the views: VIEW_ASSETS_URL, the public origin at which hosts' browsers reach this
// server. Set, a view is sent in its shared form, which loads the one runtime all views share from
// GET <PUBLIC_BASE_PATH>/views/runtime-<hash>.js (src/resources/view-assets.ts); unset (the default), each
// view is one self-contained file, as every host can show. Composed by src/config.ts.
import { z } from 'zod';
import type { SettingsOf } from '../config-fields';
import { isLoopbackHost } from '../door/settings';

const ORIGIN_ONLY =
  "must be the https:// origin at which hosts' browsers reach this server, without a path, e.g. https://tools.example.com (http:// only for localhost)";

/** `https://host[:port]` (a trailing / allowed), or `http://` on a loopback host; normalised to the URL's origin. */
function origin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '' || value.includes('#')) return undefined;
  const loopback = isLoopbackHost(url.hostname.replace(/^\[(.*)\]$/, '$1'));
  return url.protocol === 'https:' || (url.protocol === 'http:' && loopback) ? url.origin : undefined;
}

export const settings = {
  VIEW_ASSETS_URL: z
    .string()
    .refine((value) => origin(value) !== undefined, { error: ORIGIN_ONLY })
    .transform((value) => origin(value)!)
    .optional(),
};

export function build(s: SettingsOf<typeof settings>) {
  return { viewAssetsUrl: s.VIEW_ASSETS_URL };
}
