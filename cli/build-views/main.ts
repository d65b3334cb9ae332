// Entry of the view step of `npm run build`: builds tools/views/<name>/ into dist/views/<name>.html.
import { relative } from 'node:path';
import { buildViews } from './build';

const root = process.cwd();
buildViews(root).then(
  (files) => process.stdout.write(files.map((file) => `built ${relative(root, file)}\n`).join('')),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
