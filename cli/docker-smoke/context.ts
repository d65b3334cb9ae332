// The build context: a copy of the project without what .dockerignore excludes (names and `*` globs,
// matched against a path or any of its parent folders; `!` re-includes).
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

function toRegExp(pattern: string): RegExp {
  const source = pattern.replace(/^\/+|\/+$/g, '').replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]');
  return new RegExp(`^${source}$`);
}

export function dockerignore(root: string): (path: string) => boolean {
  const file = join(root, '.dockerignore');
  const rules = existsSync(file)
    ? readFileSync(file, 'utf8').split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'))
    : [];
  const compiled = rules.map((rule) => ({ include: rule.startsWith('!'), pattern: toRegExp(rule.replace(/^!/, '')) }));
  return (path) => {
    const parts = path.split('/');
    let ignored = false;
    for (const { include, pattern } of compiled) {
      if (parts.some((_part, i) => pattern.test(parts.slice(0, i + 1).join('/')))) ignored = !include;
    }
    return ignored;
  };
}

export function copyContext(root: string, target: string): void {
  const ignored = dockerignore(root);
  cpSync(root, target, { recursive: true, filter: (source) => source === root || !ignored(relative(root, source)) });
}
