// jest's transform for TypeScript: esbuild, transpile only (CI's budget). Types are checked once,
// by `npm test`'s pretest (tsc), so jest need not load the TypeScript compiler in every worker and every
// copy of the project. Dynamic `import()` stays as written: the ES-module libraries load through it.
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { transformSync, version } = require('esbuild');

const { compilerOptions = {} } = JSON.parse(readFileSync(join(__dirname, '../../../tsconfig.json'), 'utf8'));
const tsconfigRaw = { compilerOptions: { useDefineForClassFields: compilerOptions.useDefineForClassFields, experimentalDecorators: compilerOptions.experimentalDecorators } };
const target = `node${process.versions.node.split('.')[0]}`;

module.exports = {
  process(source, path) {
    const { code, map } = transformSync(source, { loader: path.endsWith('.tsx') ? 'tsx' : 'ts', format: 'cjs', platform: 'node', target, sourcefile: path, sourcemap: 'external', tsconfigRaw });
    return { code, map };
  },
  getCacheKey(source, path) {
    return createHash('sha256').update(version).update(target).update(path).update('\0').update(source).digest('hex');
  },
};
