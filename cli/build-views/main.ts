// Entry of the view step of `npm run build`: builds tools/views/<name>/ into dist/views/<name>.html and its
// shared form, dist/views/<name>.shared.html, and the runtime they share once; prints each one's size.
import { readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';
import { buildViews } from './build';
import { sizeOf } from './size';

const root = process.cwd();
const size = (file: string) => sizeOf(readFileSync(file, 'utf8'));
buildViews(root).then(
  ({ runtime, views }) => {
    const lines = views.map(({ file, shared }) => `built ${relative(root, file)} (${size(file)}); shared form ${basename(shared)} (${size(shared)})\n`);
    if (runtime !== undefined) lines.push(`built ${relative(root, runtime)} (${size(runtime)}), the runtime every shared form loads\n`);
    process.stdout.write(lines.join(''));
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
