// The documentation's links and settings cannot go stale: every relative link in README.md and docs/*.md
// names a file that exists (and a heading that exists, when it names one), and every setting the
// configuration tables name is one .env.example documents, and the reverse.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { relativeLinks, section } from './markdown';

const ROOT = join(__dirname, '../..');
const pages = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
const read = (page: string) => readFileSync(join(ROOT, page), 'utf8');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

function anchors(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#+ (.+)$/gm)].map(([, heading = '']) => slug(heading)));
}

describe('documentation links', () => {
  it.each(pages)('every relative link in %s names a file that exists', (page) => {
    const missing = relativeLinks(read(page)).filter((target) => target !== '' && !existsSync(resolve(ROOT, dirname(page), target)));
    expect(missing).toEqual([]);
  });

  it.each(pages)('every link to a heading in %s names a heading that exists', (page) => {
    const markdown = read(page);
    const broken = [...markdown.matchAll(/\]\(([^)\s#]*)#([^)\s]+)\)/g)]
      .map(([, file = '', fragment = '']) => ({ file: file === '' ? page : relative(ROOT, resolve(ROOT, dirname(page), file)), fragment }))
      .filter(({ file, fragment }) => file.endsWith('.md') && !anchors(read(file)).has(fragment));
    expect(broken).toEqual([]);
  });
});

describe('documented settings', () => {
  const documented = new Set([...read('.env.example').matchAll(/\b([A-Z][A-Z0-9_]{2,})=/g)].map(([, name = '']) => name));
  /** Names in backticks in the first column of the table under `heading` in `page`. */
  const tableSettings = (page: string, heading: string) =>
    [...section(read(page), heading).matchAll(/^\| ([^|]+) \|/gm)]
      .flatMap(([, cell = '']) => [...cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map(([, name = '']) => name));

  it('docs/configuration.md lists every setting of .env.example, and no other', () => {
    const listed = tableSettings('docs/configuration.md', '# Configuration: every setting');
    expect(listed.filter((name) => !documented.has(name))).toEqual([]);
    expect([...documented].filter((name) => !listed.includes(name))).toEqual([]);
  });

  it("the README's configuration section names only settings of .env.example", () => {
    const listed = [...section(read('README.md'), '## Configuration').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map(([, name = '']) => name);
    expect(listed.length).toBeGreaterThan(5);
    expect(listed.filter((name) => !documented.has(name))).toEqual([]);
  });
});
