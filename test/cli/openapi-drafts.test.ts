// What `npm run openapi` makes of a document's constraints, 404 answers and security, on
// test/fixtures/openapi/invoices.yaml. The generated files are type-checked and their tests run in
// generated-tools.test.ts.
import { join } from 'node:path';
import { loadDocument } from '../../cli/openapi/load';
import { listOperations, type Operation } from '../../cli/openapi/operations';
import { stringForPattern } from '../../cli/openapi/pattern-sample';
import { sample } from '../../cli/openapi/sample';
import type { Schema } from '../../cli/openapi/schema';
import { scopesFor } from '../../cli/openapi/security';
import { toolSource } from '../../cli/openapi/tool-file';
import { ROOT } from '../support/project-copy';

let operations: Operation[];
beforeAll(async () => {
  operations = listOperations(await loadDocument(join(ROOT, 'test/fixtures/openapi/invoices.yaml')));
});
const source = (id: string) => toolSource(operations.find((op) => op.operationId === id || op.toolName === id)!, 'invoices');

describe('a generated tool', () => {
  it('explains a declared 404 in a ToolError sentence, and has none without one', () => {
    expect(source('listInvoices')).toContain("import { defineTool, ToolError, UpstreamHttpError } from '../src/tools';");
    expect(source('listInvoices')).toContain(
      'throw new ToolError(`There is no customer with id ${input.customerId}. Check the value and try again.`, { cause: error });',
    );
    expect(source('deleteInvoice')).not.toContain('ToolError');
  });

  it('never takes an empty string path parameter, and describes each', () => {
    // An undescribed path parameter is described from its name and path.
    expect(source('listInvoices')).toContain(
      "customerId: z.string().min(1).max(12).describe('The customer id in the path /customers/{customerId}/invoices. Pattern: ^c-[0-9]+$.'),",
    );
    expect(source('getInvoice')).toContain("invoiceId: z.string().min(1).describe('The invoice id in the path /invoices/{invoiceId}. Format: uuid.'),");
    expect(source('deleteInvoice')).toContain("invoiceId: z.number().int().min(1000).describe('The invoice id in the path /invoices/{invoiceId}.'),");
  });

  it('describes an operation without summary from its method and path', () => {
    expect(source('get_status')).toContain("description: 'Get the status (GET /status).',");
  });

  it('carries the OAuth scopes of the operation, else of the document, with where they came from', () => {
    expect(source('listInvoices')).toContain("  // OAuth scopes for MCP_AUTH=oauth, from the document's security: oauth.\n  scopes: ['invoices:read'],");
    expect(source('createInvoice')).toContain(
      "  // OAuth scopes for MCP_AUTH=oauth, from the operation's security: oauth (the first OAuth one of 2 alternatives).\n  scopes: ['invoices:write', 'invoices:read'],",
    );
    expect(source('deleteInvoice')).toContain("  // The operation's security (apiKey) names no OAuth scopes.\n  scopes: [],");
    expect(source('get_status')).toContain("  // The operation's security makes this operation public.\n  scopes: [],");
  });
});

describe('scopes from security requirements', () => {
  const schemes = { oidc: { type: 'openIdConnect' }, key: { type: 'apiKey' }, oauth: { type: 'oauth2' } };
  it.each([
    [undefined, { scopes: [], note: 'The document declares no security for this operation.' }],
    [[{ oidc: ['a', 'b'], key: [] }], { scopes: ['a', 'b'], note: "OAuth scopes for MCP_AUTH=oauth, from the operation's security: oidc." }],
    [[{ oauth: [] }], { scopes: [], note: "The operation's security requires oauth without naming scopes." }],
    [[{ oauth: ['ok', 'not ok'] }], { scopes: ['ok'], note: expect.stringContaining('scope names with spaces or quotes were left out') }],
  ])('%j → %j', (requirements, expected) => {
    expect(scopesFor(requirements, schemes, false)).toEqual(expected);
  });
});

describe("a generated test's arguments", () => {
  it.each<[Schema]>([
    [{ type: 'string', pattern: '^c-[0-9]+$', maxLength: 12 }],
    [{ type: 'string', pattern: '^([01]\\d|2[0-3]):?([0-5]\\d)$' }],
    [{ type: 'string', pattern: '^INV-\\d+$', minLength: 10, maxLength: 10 }],
    [{ type: 'string', pattern: '^(?:inv|bill)_[a-z0-9]{8,12}$' }],
    [{ type: 'string', pattern: '^[^@ ]+@[^@ ]+\\.[a-z]{2,}$', example: 'not an email' }],
    [{ type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }],
  ])('satisfy %j', (schema) => {
    const value = sample(schema);
    expect(typeof value).toBe('string');
    expect(value).toMatch(new RegExp(schema.pattern!, 'u'));
    expect((value as string).length).toBeGreaterThanOrEqual(schema.minLength ?? 0);
    expect((value as string).length).toBeLessThanOrEqual(schema.maxLength ?? Infinity);
  });

  it('keep a document example that fits, and numbers within their range', () => {
    expect(sample({ type: 'string', pattern: '^c-\\d+$', example: 'c-42' })).toBe('c-42');
    expect(sample({ type: 'string', format: 'uuid' })).toBe('3f2504e0-4f89-41d3-9a0c-0305e82c3301');
    expect(sample({ type: 'string', enum: ['unpaid', 'paid'] })).toBe('unpaid');
    expect(sample({ type: 'integer', minimum: 5, maximum: 50 })).toBe(5);
    expect(sample({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 0.5 })).toBe(0.5);
    expect(sample({ type: 'integer', minimum: -10, maximum: -2 })).toBe(-2);
  });

  it('come from a pattern by its first alternative and smallest counts', () => {
    expect(stringForPattern('^[A-Z]{3}$')).toBe('AAA');
    expect(stringForPattern('^(a|b)+c?$')).toBe('ac');
    expect(stringForPattern('^[a-z]{0,3}x$')).toBe('ax');
  });
});
