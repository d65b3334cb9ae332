// `npm run openapi` on subsets of Twilio (2010-04-01), Jira Cloud, Asana, Box and HubSpot (Files and CRM
// cards) imported into one fork, judged by what hosts accept (names within the cap after a host's prefix,
// no `propertyNames` nor `type` lists in the listed schemas) and by what the vendor's server reads: every
// generated tool is called with a value for every input and what the API received is parsed back with qs,
// or undici's multipart parser for HubSpot's uploads (test/support/received-arguments.ts), as in
// openapi-real-apis.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTools, type Planned } from '../../cli/openapi/generate';
import { loadDocument } from '../../cli/openapi/load';
import { listOperations, type Operation, type ReadOptions } from '../../cli/openapi/operations';
import { copyProject, ROOT, type ProjectCopy, emptyTools } from '../support/project-copy';
import type { RoundTrip } from '../support/openapi-roundtrip';
import { readBack } from '../support/received-arguments';
import { roundTripInCopy } from '../support/roundtrip-in-copy';

const fixture = (name: string) => join(ROOT, 'test/fixtures/openapi', name);

/** Each document as it is imported: Box first, so Jira's `get_events` meets Box's and needs --prefix. */
const DOCUMENTS = {
  box: { file: fixture('box-events-files-users.json'), read: {} as ReadOptions },
  jira: { file: fixture('jira-priorities-events.json'), read: { prefix: 'jira' } as ReadOptions },
  twilio: { file: fixture('twilio-api-calls-messages.json'), read: {} as ReadOptions },
  asana: { file: fixture('asana-projects.json'), read: {} as ReadOptions },
  files: { file: fixture('hubspot-files.json'), read: {} as ReadOptions },
  cards: { file: fixture('hubspot-crm-cards.json'), read: { basePath: '/crm/v3/extensions/cards' } as ReadOptions },
};
type Name = keyof typeof DOCUMENTS;

let copy: ProjectCopy;
const planned = {} as Record<Name, Planned[]>;
const notes = {} as Record<Name, string[]>;
const operations = {} as Record<Name, Operation[]>;
let clash: unknown;
let reports: RoundTrip[];

beforeAll(async () => {
  copy = copyProject('openapi-vendors-');
  emptyTools(copy.root);
  const base = { root: copy.root, dryRun: false, tags: [], operations: [] };
  for (const [name, { file, read }] of Object.entries(DOCUMENTS) as Array<[Name, (typeof DOCUMENTS)[Name]]>) {
    if (name === 'jira') clash = await generateTools({ ...base, file }).catch((error: unknown) => error);
    notes[name] = [];
    const basePath = name === 'cards' ? 'document' : undefined;
    planned[name] = await generateTools({ ...base, file, prefix: read.prefix, basePath, notes: notes[name] });
    operations[name] = listOperations(await loadDocument(file), read);
  }
  reports = await roundTripInCopy(copy, Object.values(DOCUMENTS).map(({ file, read }) => `${file}::${JSON.stringify(read)}`));
}, 180_000);
afterAll(() => copy.remove());

const written = (name: Name) => planned[name].filter((item) => item.action === 'write');
const skipped = (name: Name) => planned[name].filter((item) => item.action !== 'write').map((item) => `${item.tool}: ${item.action}`);
const op = (name: Name, tool: string) => operations[name].find((candidate) => candidate.toolName === tool)!;
const entry = (tool: string) => reports.find((item) => item.tool === tool)!.entry as { inputSchema: { properties: Record<string, { description?: string }> }; annotations?: object };

/** Where a schema holds a keyword some host refuses: `propertyNames`, or a `type` that is a list. */
function refused(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => refused(item, `${at}/${i}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => [
    ...(key === 'propertyNames' ? [`${at}/propertyNames`] : []),
    ...(key === 'type' && Array.isArray(item) ? [`${at}/type`] : []),
    ...refused(item, `${at}/${key}`),
  ]);
}

describe('what hosts accept', () => {
  it.each([
    ['box', 12, 0],
    ['jira', 10, 1],
    ['twilio', 16, 1],
    ['asana', 19, 0],
    // Both skips were multipart uploads (upload and replace), generated since with file inputs.
    ['files', 19, 0],
    ['cards', 6, 0],
  ] as Array<[Name, number, number]>)('%s: %i tools generated, %i skipped', (name, count, skips) => {
    expect(written(name)).toHaveLength(count);
    expect(skipped(name)).toHaveLength(skips);
  });

  it('every name fits 64 characters after Claude Code\'s mcp__<server>__ with a 13-character server name, cut between words', () => {
    const names = Object.values(planned).flat().map((item) => item.tool).filter(Boolean);
    expect(names.filter((tool) => `mcp__tools-server1__${tool}`.length > 64)).toEqual([]);
    // HubSpot's operationIds are whole paths (`get-/files/v3/files/import-from-url/async/tasks/{taskId}/status_checkStatus`):
    // the version word goes first, then generic words, a word said twice, the path parameters, then the
    // middle: the tail, where HubSpot says what the operation does, stays.
    expect(written('files').map((item) => item.tool)).toEqual(
      expect.arrayContaining(['get_files_from_url_tasks_status_check_import', 'get_files_folders_tasks_check_update_status', 'delete_files_folders_folder_archive_by_path']),
    );
    for (const tool of names) expect([tool, /_$|__/.test(tool)]).toEqual([tool, false]);
  });

  it('no listed schema holds propertyNames or a type list', () => {
    expect(reports.flatMap(({ tool, entry: listed }) => refused(listed).map((where) => `${tool}${where}`))).toEqual([]);
  });

  it('a name taken by another document\'s tool stops the import, naming both and the options', () => {
    expect(clash).toBeInstanceOf(RangeError);
    expect((clash as Error).message).toMatch(/get_events \(GET \/rest\/api\/3\/events here; tools\/get_events\.ts is from "Box Platform API"\)/);
    expect((clash as Error).message).toContain('Pass --prefix <word>');
    expect(written('jira').map((item) => item.tool)).toContain('jira_get_events');
  });
});

describe('reading the documents as their authors meant', () => {
  it('Twilio: DateSent, DateSent< and DateSent> are three inputs a model tells apart; the wire names are unchanged', () => {
    const list = op('twilio', 'list_message');
    expect(list.parameters.filter((p) => p.name.startsWith('DateSent')).map((p) => [p.name, p.key])).toEqual([
      ['DateSent', 'DateSent'],
      ['DateSent<', 'DateSent_before'],
      ['DateSent>', 'DateSent_after'],
    ]);
    const { properties } = entry('list_message').inputSchema;
    expect(properties.DateSent_before?.description).toContain('on or before this value (sent as "DateSent<")');
    expect(properties.DateSent_after?.description).toContain('on or after this value (sent as "DateSent>")');
  });

  it('secrets are judged by the field: an id is not one (CredentialListSid), a password is', () => {
    expect(written('twilio').map((item) => item.tool)).toEqual(expect.arrayContaining(['list_sip_credential', 'fetch_sip_credential_list', 'delete_sip_credential']));
    expect(skipped('twilio')).toEqual(['create_sip_credential: skipped: it requires a secret as input (Password); pass --include-secrets to generate it']);
  });

  it('Box: a flag about a password stays in the body; #fragment operations are generated without the fragment', () => {
    expect(JSON.stringify(entry('put_users_id').inputSchema)).toContain('is_password_reset_required');
    const shared = op('box', 'put_files_id_add_shared_link');
    expect(shared).toMatchObject({ path: '/files/{file_id}', apiPath: '/files/:file_id' });
    expect(shared.notes).toContain("the document's path /files/{file_id}#add_shared_link ends in a fragment, which is not sent: the call goes to /files/{file_id}");
  });

  it('Jira: a 303 success is skipped for what it is', () => {
    expect(skipped('jira')).toEqual([expect.stringMatching(/^jira_delete_priority: skipped: its documented success is a 303 See Other/)]);
  });

  it('base paths: reported with the CUSTOMER_API_URL to set, or carried by every path with --base-path', () => {
    expect(notes.asana.join('\n')).toContain('base path /api/1.0: the generated paths leave it out, so set CUSTOMER_API_URL=https://app.asana.com/api/1.0');
    expect(notes.box.join('\n')).toContain('CUSTOMER_API_URL=https://api.box.com/2.0');
    expect(notes.cards.join('\n')).toContain('every generated path starts with /crm/v3/extensions/cards');
    expect(operations.cards.every((candidate) => candidate.apiPath.startsWith('/crm/v3/extensions/cards/'))).toBe(true);
  });

  it('toolsets come from tags (or the first path segment), after the prefix', () => {
    expect(op('jira', 'jira_get_events').toolset).toBe('jira_issues');
    expect(readFileSync(join(copy.root, 'tools/jira_get_events.ts'), 'utf8')).toContain("export default inToolset('jira_issues', defineTool({");
  });
});

describe('what each API receives, parsed back as its server parses it', () => {
  it.each(Object.keys(DOCUMENTS) as Name[])('%s: every argument of every generated tool round-trips exactly, at the documented path', (name) => {
    const tools = new Set(written(name).map((item) => item.tool));
    const mine = reports.filter((item) => tools.has(item.tool));
    expect(mine).toHaveLength(tools.size);
    for (const { tool, args, isError, text, received } of mine) {
      expect([tool, isError, text]).toEqual([tool, false, expect.any(String)]);
      // Twilio reads a repeated form key as a list (RecordingStatusCallbackEvent); the others as Rack does.
      const { read, expected } = readBack(op(name, tool), args, received!, name === 'twilio' ? 'combine' : 'last');
      expect([tool, read]).toEqual([tool, expected]);
    }
    if (name === 'cards') expect(mine.every(({ received }) => received!.url.startsWith('/crm/v3/extensions/cards/'))).toBe(true);
  });

  it('a 429 with Retry-After reaches every generated tool as a wait of those seconds, with the API\'s words', () => {
    const said = reports.map(({ tool, limited }) => [tool, limited]);
    const wait = `The company's system is receiving too many requests (HTTP 429): "Rate limit exceeded.". Wait 7 seconds, then try again.`;
    expect(said).toEqual(reports.map(({ tool }) => [tool, { isError: true, text: wait }]));
  });
});
