// The words both generators write: descriptions that fit the method and path, the 404
// sentence, and the scopes line; and `npm run new-tool`'s own use of them.
import { parseNewToolArgs } from '../../cli/new-tool/args';
import { toolSource } from '../../cli/new-tool/template';
import { callDescription, notFoundText, paramOwner, singular } from '../../cli/scaffold/describe';
import { parseScopes, scopesLines } from '../../cli/scaffold/scopes';

describe('a description from the method and path', () => {
  it.each([
    ['GET', '/customers/:id/invoices', 'List the invoices of the customer with the given id'],
    ['GET', '/things/:id', 'Get the thing with the given id'],
    ['GET', '/things', 'List the things'],
    ['GET', '/status', 'Get the status'],
    ['POST', '/things', 'Create a new thing'],
    ['POST', '/customers/:id/invoices', 'Create a new invoice for the customer with the given id'],
    ['POST', '/orders/:id/cancel', 'Run the cancel action on the order with the given id'],
    ['PUT', '/v1/things/:thingId/parts/:partId', 'Replace the part with the given partId of the thing with the given thingId'],
    ['PATCH', '/addresses/:id', 'Update the address with the given id'],
    ['DELETE', '/categories/:id', 'Delete the category with the given id'],
  ] as const)('%s %s → %s', (method, path, expected) => {
    expect(callDescription(method, path)).toBe(expected);
  });

  it('names what a path parameter identifies, and plural nouns become singular', () => {
    expect(paramOwner('/customers/:id/invoices', 'id')).toBe('customer');
    expect(paramOwner('/:id', 'id')).toBe('record');
    expect(['invoices', 'boxes', 'categories', 'status'].map(singular)).toEqual(['invoice', 'box', 'category', 'status']);
  });
});

describe('the 404 sentence', () => {
  it('names the owner of a list, the record itself, or nothing', () => {
    expect(notFoundText('/customers/:id/invoices', (p) => p)).toBe('There is no customer with id ${id}');
    expect(notFoundText('/things/:thingId/parts/:partId', (p) => `input.${p}`)).toBe('There is no part with id ${input.partId} in the thing with id ${input.thingId}');
    expect(notFoundText('/status', (p) => p)).toBe('Nothing was found');
  });

  it('reads naturally for nested parameters: a name the noun owns, then its owners with "in the"', () => {
    expect(notFoundText('/repos/:owner/:repo/issues/:issue_number', (p) => p)).toBe('There is no issue with number ${issue_number} in the repo ${repo} (owner ${owner})');
    expect(notFoundText('/v1/customers/:customer', (p) => p)).toBe('There is no customer ${customer}');
    expect(notFoundText('/orgs/:org/teams/:team_slug/members', (p) => p)).toBe('There is no team with slug ${team_slug} in the org ${org}');
    expect(notFoundText('/rest/api/3/issue/:issueIdOrKey', (p) => `input.${p}`)).toBe('There is no issue ${input.issueIdOrKey}');
    expect(notFoundText('/accounts/:accountNumber/cards/:card_last_four', (p) => p)).toBe('There is no card with last four ${card_last_four} in the account with number ${accountNumber}');
    expect(notFoundText('/:tenant/orders/:id', (p) => p)).toBe('There is no order with id ${id} in the record with tenant ${tenant}');
  });
});

describe('the scopes line', () => {
  it('is an empty list with a comment saying what it is for, or the scopes given', () => {
    expect(scopesLines([])).toEqual([
      "  // OAuth scopes a caller's token must carry to call this tool on /mcp with MCP_AUTH=oauth, e.g. ['invoices:read'] (the hub's lane ignores them)",
      '  scopes: [],',
    ]);
    expect(scopesLines(['invoices:read', "it's"], 'From the document.')).toEqual(['  // From the document.', "  scopes: ['invoices:read', 'it\\'s'],"]);
  });

  it('takes a comma-separated list of scope-tokens', () => {
    expect(parseScopes('invoices:read, invoices:write,invoices:read')).toEqual({ scopes: ['invoices:read', 'invoices:write'] });
    expect(parseScopes('')).toEqual({ scopes: [] });
    expect(parseScopes('a,"b"')).toEqual({ invalid: '"b"' });
  });
});

describe('npm run new-tool', () => {
  it('takes --scopes, and a name that is a property of every object is still a name', () => {
    expect(parseNewToolArgs(['x', '--scopes', 'a:read,b'])).toEqual({ name: 'x', scopes: 'a:read,b' });
    expect(parseNewToolArgs(['toString'])).toEqual({ name: 'toString' });
  });

  it("writes the README's list_invoices with a description that fits and a scopes line", () => {
    const source = toolSource({ name: 'list_invoices', method: 'GET', path: '/customers/:id/invoices', scopes: ['invoices:read'] });
    expect(source).toContain("description: 'List the invoices of the customer with the given id (GET /customers/:id/invoices) and return the answer as JSON.',");
    expect(source).toContain("id: z.string().min(1).max(200).describe('The id of the customer.'),");
    expect(source).toContain("  scopes: ['invoices:read'],\n");
    expect(source).toContain('throw new ToolError(`There is no customer with id ${id}. Check the value and try again.`, { cause: error });');
    expect(toolSource({ name: 'ping', method: 'GET', path: '/ping' })).toContain('  scopes: [],\n');
  });
});
