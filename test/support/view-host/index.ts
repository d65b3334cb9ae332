// Opens the view test host (./host.ts) in headless Debian Chromium with puppeteer-core: `chromiumPath()`
// says where the browser is, or why the browser tests are skipped. CHROMIUM_PATH names another browser,
// or with `none` skips them (the suite's check that they also pass without one).
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The browser to drive, or undefined (then the browser tests skip and say so). */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const chosen = env.CHROMIUM_PATH;
  if (chosen === 'none') return undefined;
  return chosen ? (existsSync(chosen) ? chosen : undefined) : CANDIDATES.find((path) => existsSync(path));
}

export const NO_CHROMIUM =
  process.env.CHROMIUM_PATH === 'none'
    ? 'skipped: CHROMIUM_PATH=none'
    : `skipped: no Chromium at ${process.env.CHROMIUM_PATH || '/usr/bin/chromium'} (install Debian's: apt-get update && apt-get install -y chromium)`;

/** The host page: ./host.ts bundled with esbuild into one inline script. */
export async function hostPage(): Promise<string> {
  const { build } = await import('esbuild');
  const bundled = await build({ entryPoints: [join(__dirname, 'host.ts')], bundle: true, format: 'iife', platform: 'browser', target: 'es2022', write: false });
  const js = bundled.outputFiles[0]!.text.replace(/<\/script/gi, '<\\/script');
  return `<!doctype html><html><head><meta charset="utf-8"><title>view test host</title><style>body{margin:0;padding:16px;background:#f4f4f6;font:14px system-ui}iframe{width:720px;border:1px solid #ccd;border-radius:8px;background:#fff;height:480px}</style></head><body><script>${js}</script></body></html>`;
}
