// The importer's choices for hosts and for what documents mean, unit by unit: names within the cap after
// a host's prefix, secrets judged by the field, comparison parameters, destructive words in descriptions,
// the server's base path, the fork's tool count, and the summary of a re-import.
import { parseOpenApiArgs } from '../../cli/openapi/args';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { earlierNames, listedTools, operationKey, toolCountLines } from '../../cli/openapi/fork-tools';
import { boundDescription, keyFor } from '../../cli/openapi/input-keys';
import { isSecretName, secretFields } from '../../cli/openapi/secrets';
import { basePathLines } from '../../cli/openapi/server-url';
import { redirectOnly } from '../../cli/openapi/success';
import { summaryLines } from '../../cli/openapi/summary';
import { operationToolName, shortName, uniqueName } from '../../cli/openapi/tool-names';
import { destructiveReason } from '../../cli/openapi/wording';

describe('tool names', () => {
  it('within 44 characters: version words first, then generic and repeated words, then the middle; the first word and the tail kept whole', () => {
    expect(shortName('get_files_v3_files_import_from_url_async_tasks_task_id_status_check_status')).toBe('get_from_url_tasks_task_id_check_status');
    // Path parameters go before the middle: HubSpot writes them into its operationIds.
    expect(shortName('get_files_v3_files_import_from_url_async_tasks_task_id_status_check_status', 44, ['task', 'id'])).toBe('get_files_import_from_url_tasks_check_status');
    expect(operationToolName('get-/files/v3/files/import-from-url/async/tasks/{taskId}/status_checkImport')).toBe('get_files_from_url_tasks_status_check_import');
    expect(operationToolName('delete-/files/v3/folders/{folderPath}_archiveByPath')).toBe('delete_files_folders_folder_archive_by_path');
    expect(operationToolName('get-/crm/v3/objects/contacts/{contactId}/associations/{toObjectType}/{toObjectId}_getAssociations')).toBe('get_objects_contacts_associations');
    expect(shortName('update_user_settings')).toBe('update_user_settings');
    expect(shortName(`get_${'a'.repeat(60)}`, 44)).toBe('get');
    expect(shortName('a'.repeat(60), 44)).toBe('a'.repeat(44));
  });

  it('a prefix counts against the cap, and a collision number too', () => {
    expect(operationToolName('getEvents', { prefix: 'jira' })).toBe('jira_get_events');
    expect(operationToolName('get-/files/v3/files/import-from-url/async/tasks/{taskId}/status_checkStatus', { prefix: 'hubspot' })).toBe('hubspot_get_from_url_tasks_check_status');
    expect(uniqueName('get_files_import_from_url_async_tasks_task', new Set(['get_files_import_from_url_async_tasks_task']), 44)).toBe('get_files_import_from_url_async_tasks_task_2');
  });

  it('--prefix, --base-path and --max-name are read', () => {
    expect(parseOpenApiArgs(['jira.json', '--prefix', 'Jira', '--max-name', '40'])).toMatchObject({ prefix: 'jira', maxName: 40 });
    expect(parseOpenApiArgs(['cards.json', '--base-path'])).toMatchObject({ basePath: 'document' });
    expect(parseOpenApiArgs(['cards.json', '--base-path', '/crm/v3/'])).toMatchObject({ basePath: '/crm/v3' });
    expect(parseOpenApiArgs(['a.json', '--prefix', '1x'])).toMatch(/^--prefix needs a word/);
    expect(parseOpenApiArgs(['a.json', '--max-name', '70'])).toBe('--max-name needs a whole number from 16 to 64');
  });
});

describe('secrets, judged by the field', () => {
  it('ids, flags and rules about a password are not secrets; the password is', () => {
    expect(['CredentialListSid', 'require_password_for_instant_meetings', 'is_password_reset_required', 'password_length', 'secret_id'].filter(isSecretName)).toEqual([]);
    expect(['Password', 'pmi_password', 'client_secret'].every(isSecretName)).toBe(true);
  });

  it('a boolean, a number or an enum never holds one; the path names where a secret is', () => {
    const settings = {
      type: 'object',
      properties: {
        security: { type: 'object', properties: { password_required: { type: 'string', enum: ['on', 'off'] }, password: { type: 'string' } } },
        require_password_for_instant_meetings: { type: 'boolean' },
        password_min_length: { type: 'integer' },
      },
    };
    expect(secretFields(settings, '')).toEqual(['security.password']);
  });
});

describe('reading documents as their authors meant', () => {
  it('comparison parameters get inputs a model tells apart, with descriptions that say the bound', () => {
    const taken = new Set<string>();
    expect(['DateSent', 'DateSent<', 'DateSent>', 'Price>=', 'pet-id'].map((name) => keyFor(name, taken))).toEqual(['DateSent', 'DateSent_before', 'DateSent_after', 'Price_min', 'petId']);
    expect(boundDescription('DateSent<', 'Filter by date sent.')).toBe('Filter by date sent. Only those whose DateSent is on or before this value (sent as "DateSent<").');
    expect(boundDescription('DateSent', 'Filter by date sent.')).toBe('Filter by date sent.');
  });

  it('destructive words in a description mark the operation destructive', () => {
    const call = { method: 'POST' as const, operationId: 'UpdateCall', summary: undefined, extensions: {} };
    expect(destructiveReason({ ...call, description: 'Initiates a call redirect or terminates a call' })).toBe('the words "terminates a call" in its description');
    expect(destructiveReason({ ...call, operationId: 'deleteUser', description: 'Permanently deletes the user.' })).toBe('the verb "delete" in its operationId');
    expect(destructiveReason({ ...call, operationId: 'trashFile', description: 'This permanently deletes the file.' })).toBe('the words "permanently deletes" in its description');
    expect(destructiveReason({ ...call, description: 'Updates a call in progress.' })).toBeUndefined();
  });

  it('a redirect as the only success is named', () => {
    expect(redirectOnly({ '303': {}, '400': {} })).toMatch(/^its documented success is a 303 See Other/);
    expect(redirectOnly({ '200': {}, '303': {} })).toBeUndefined();
  });

  it('the base path: what to set CUSTOMER_API_URL to, or that paths carry it', () => {
    expect(basePathLines({ url: 'https://app.asana.com/api/1.0', basePath: '/api/1.0' }, undefined)).toEqual([
      'openapi: the document\'s server is https://app.asana.com/api/1.0, base path /api/1.0: the generated paths leave it out, so set CUSTOMER_API_URL=https://app.asana.com/api/1.0 (or pass --base-path to put /api/1.0 in every path, when one CUSTOMER_API_URL serves documents with different bases)',
    ]);
    expect(basePathLines({ url: 'https://api.hubapi.com/crm/v3/extensions/cards', basePath: '/crm/v3/extensions/cards' }, '/crm/v3/extensions/cards')).toEqual([
      'openapi: every generated path starts with /crm/v3/extensions/cards (the document\'s server https://api.hubapi.com/crm/v3/extensions/cards); set CUSTOMER_API_URL to the API\'s origin (https://api.hubapi.com)',
    ]);
  });
});

describe('the whole fork', () => {
  const index = (count: number) => `export const tools: readonly Tool[] = [${Array.from({ length: count }, (_, i) => `t${i}`).join(', ')}];\n`;

  it('warns past 40 and past 128 tools, naming the count and the ways to narrow it', () => {
    expect(listedTools(index(3))).toBe(3);
    expect(toolCountLines(index(40), 0)).toEqual([]);
    expect(toolCountLines(index(30), 11)[0]).toMatch(/^openapi: warning: the fork has 41 tools, more than Cursor \(about 40 tools\) can hold\. Narrow the import \(--tag, --path, --operation\), serve a few toolsets .*, or list tools that find and run the others \(TOOLS_MODE=dynamic/);
    expect(toolCountLines(index(129), 0)[0]).toContain('129 tools, more than OpenAI (128 tools per request)');
  });

  it('a re-import groups "already exists" and says when nothing was written', () => {
    const skipped = (tool: string) => ({ tool, method: 'GET', path: `/${tool}`, action: `skipped: tools/${tool}.ts already exists (--update regenerates it)`, review: [] });
    expect(summaryLines(['a', 'b', 'c', 'd', 'e'].map(skipped), false)).toEqual([
      'openapi: nothing written: 5 operation(s) skipped, every tool already exists (--update regenerates them).',
      'openapi:   skipped 5: the tool file already exists (a, b, c, d, and 1 more)',
    ]);
  });
});

describe('a re-import after the naming rules changed', () => {
  it('finds each tool generated before from the document by method, path and operationId', () => {
    const root = mkdtempSync(join(tmpdir(), 'earlier-names-'));
    try {
      mkdirSync(join(root, 'tools'));
      const first = (name: string, id: string) => `// ${name}: PUT /files/{file_id}, generated by \`npm run openapi\` from "Box Platform API" 2.0.0 (box.json) (${id}).\n`;
      writeFileSync(join(root, 'tools/put_files_id.ts'), first('put_files_id', 'put_files_id'));
      writeFileSync(join(root, 'tools/put_files_id_add_shared_link_with_a_long_name.ts'), first('put_files_id_add_shared_link_with_a_long_name', 'put_files_id#add_shared_link'));
      writeFileSync(join(root, 'tools/other.ts'), '// other: GET /x, generated by `npm run openapi` from "Other" 1 (o.json).\n');
      const names = earlierNames(root, 'Box Platform API');
      expect(names.get(operationKey('PUT', '/files/{file_id}', 'put_files_id#add_shared_link'))).toBe('put_files_id_add_shared_link_with_a_long_name');
      expect(names.get(operationKey('PUT', '/files/{file_id}', 'put_files_id'))).toBe('put_files_id');
      expect(names.size).toBe(2);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

