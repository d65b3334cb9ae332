// Entry of the view step of `npm run build`: builds tools/views/<name>/ into dist/views/<name>.html and
// prints each one's size.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { buildViews } from './build';
import { sizeOf } from './size';

const root = process.cwd();
buildViews(root).then(
  (files) => process.stdout.write(files.map((file) => `built ${relative(root, file)} (${sizeOf(readFileSync(file, 'utf8'))})\n`).join('')),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
