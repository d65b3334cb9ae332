// Preloaded into ours and the --before build (`node -r`, bench/context.ts): adds get_order_text
// (./order-text-tool.ts) to the catalogue of the build whose entry is starting, before the entry reads it,
// made with that build's own `src/tools`. The entry is process.argv[1], <build>/src/index.js, whose
// catalogue is <build>/tools. Any other script (the limit run in ours's slot, which serves the tool itself)
// is left as it is, and loads nothing more.
import { basename, dirname, join } from 'node:path';
import { orderTextTool, type ToolKit } from './order-text-tool';

const entry = process.argv[1] ?? '';
if (basename(dirname(entry)) === 'src' && /^index\.[cm]?[jt]s$/.test(basename(entry))) {
  const root = dirname(dirname(entry));
  const catalogue = require(join(root, 'tools')) as { tools?: unknown };
  // The entry serves this same array: a frozen or missing one would leave get_order_text unserved.
  if (!Array.isArray(catalogue.tools) || Object.isFrozen(catalogue.tools)) {
    throw new Error(`${join(root, 'tools')} exports no tools array to add get_order_text to`);
  }
  catalogue.tools.push(orderTextTool(require(join(root, 'src', 'tools')) as ToolKit));
}
