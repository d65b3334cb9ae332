// The shared form of the views (a second view should not double what the first costs): ONE
// runtime script for every view, dist/views/runtime-<hash>.js, holding the modules views import by package
// name (SHARED_MODULES, and all they pull in: the MCP SDK's protocol core, zod) as a classic script that sets
// a global; and each view built a second time, into dist/views/<name>.shared.html, whose imports of those
// modules read that global and whose HTML loads the runtime before its own inline script. The server sends
// that form only when VIEW_ASSETS_URL is set (src/resources/view-assets.ts); the self-contained form stays
// the default. A classic script, not a module: a sandboxed frame's module request is CORS (Origin: null).
import { createHash } from 'node:crypto';
import type { BuildOptions, Plugin } from 'esbuild';

/** What the runtime holds: the modules every view imports. A view's other imports are bundled into it. */
export const SHARED_MODULES: readonly string[] = ['@modelcontextprotocol/ext-apps'];

/** The global the runtime sets: `{ [module]: namespace }`. */
export const RUNTIME_GLOBAL = '__mcpViewRuntime';

/** `runtime-<16 hex of its SHA-256>.js`: a new runtime is a new name, so browsers may keep one for good. */
export function runtimeFileName(js: string): string {
  return `runtime-${createHash('sha256').update(js).digest('hex').slice(0, 16)}.js`;
}

/** How every script of a view is bundled (its own and the runtime): one minified classic script. */
export const BROWSER_BUNDLE = { bundle: true, format: 'iife', platform: 'browser', target: 'es2022', minify: true, write: false, legalComments: 'none' } as const;

/** esbuild's options for the runtime: an IIFE that imports each shared module and sets the global. */
export function runtimeOptions(root: string, plugins: Plugin[]): BuildOptions & { write: false } {
  const imports = SHARED_MODULES.map((name, index) => `import * as m${index} from ${JSON.stringify(name)};`).join('\n');
  const entries = SHARED_MODULES.map((name, index) => `${JSON.stringify(name)}: m${index}`).join(', ');
  return {
    stdin: { contents: `${imports}\nglobalThis.${RUNTIME_GLOBAL} = Object.freeze({ ${entries} });\n`, resolveDir: root, loader: 'js', sourcefile: 'view-runtime.js' },
    ...BROWSER_BUNDLE,
    plugins,
  };
}

const escaped = (name: string) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The shared form's imports of SHARED_MODULES read the runtime's global (a CommonJS shim: esbuild maps
 * named imports onto it). Without the runtime (a host that blocked its origin) the view says why.
 */
export const fromRuntime: Plugin = {
  name: 'from-view-runtime',
  setup(build) {
    build.onResolve({ filter: new RegExp(`^(?:${SHARED_MODULES.map(escaped).join('|')})$`) }, (args) => ({ path: args.path, namespace: 'view-runtime' }));
    build.onLoad({ filter: /.*/, namespace: 'view-runtime' }, (args) => ({
      contents: [
        `var runtime = globalThis.${RUNTIME_GLOBAL};`,
        `if (!runtime) throw new Error('The view runtime did not load: the host blocked its origin (csp.resourceDomains) or could not reach it');`,
        `module.exports = runtime[${JSON.stringify(args.path)}];`,
      ].join('\n'),
      loader: 'js',
    }));
  },
};
