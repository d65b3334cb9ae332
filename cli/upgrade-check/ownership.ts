// Files both a fork and the template edit (docs/forking.md): a release that changes one says in
// CHANGELOG.md how to merge it. Every other file is either the template's or the fork's alone.

export const SHARED_FILES: readonly string[] = ['tools/index.ts', '.env.example', 'package.json', 'package-lock.json', 'README.md'];
