// Every setting a room declares is documented in .env.example and in docs/configuration.md's tables, and
// .env.example names no setting that nothing reads (settings composed from their rooms must stay
// discoverable in one place).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTING_NAMES } from '../src/config';

const example = readFileSync(join(__dirname, '..', '.env.example'), 'utf8');
/** `NAME=` lines, and `# NAME=...` lines of settings shown commented out. */
const reference = readFileSync(join(__dirname, '..', 'docs', 'configuration.md'), 'utf8');
const documented = new Set([...example.matchAll(/^(?:# )?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!));

describe('.env.example', () => {
  it('documents every setting the rooms declare', () => {
    expect(SETTING_NAMES.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('names no setting that no room reads', () => {
    expect([...documented].filter((name) => !SETTING_NAMES.includes(name))).toEqual([]);
  });

  it('is matched by docs/configuration.md, which names every setting', () => {
    expect(SETTING_NAMES.filter((name) => !reference.includes(`\`${name}\``))).toEqual([]);
  });
});
