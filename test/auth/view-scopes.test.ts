// In oauth mode a view's resource needs the scopes of the tools that name it: a token
// that may not call the tool may not read its view either.
import { defineTool } from '../../src/tools';
import { defineResource, defineView } from '../../src/resources';
import { VIEW_CAPABILITIES } from '../support/mcp-post';
import { oauthTools, postMcp, startOAuthStack, type OAuthStack } from './oauth-stack';

const itemsView = defineView({ uri: 'ui://oauth/items', name: 'items', html: () => '<!doctype html><p>items</p>' });
const openDoc = defineResource({ uri: 'docs://help', name: 'help', read: () => 'help' });
const listItems = defineTool({ name: 'list_items', description: 'Lists items.', scopes: ['orders:read'], view: 'ui://oauth/items', input: {}, handler: () => 'items' });
const writeItems = defineTool({
  name: 'write_items',
  description: 'Writes items from the view.',
  scopes: ['orders:write'],
  view: 'ui://oauth/items',
  visibility: ['app'],
  input: {},
  handler: () => 'written',
});

const read = (uri: string) => ({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri } });

describe('auth: resources/read of a view on /mcp', () => {
  let stack: OAuthStack;
  beforeAll(async () => {
    stack = await startOAuthStack({ tools: [...oauthTools, listItems, writeItems], serverResources: [itemsView, openDoc] });
  });
  afterAll(() => stack.close());

  it('without every scope of the tools that name it returns 403 insufficient_scope naming them', async () => {
    const narrow = await stack.token('reader-1', ['orders:read']);
    const refused = await postMcp(stack.url, read('ui://oauth/items'), narrow);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain('scope="orders:read orders:write"');
    expect(await refused.json()).toMatchObject({ error: 'insufficient_scope', scope: 'orders:read orders:write', message: expect.stringContaining('The resource ui://oauth/items') });
  });

  it('with those scopes returns the view', async () => {
    const wide = await stack.token('writer-1', ['orders:read', 'orders:write']);
    // A 2025-era host that shows views declared the extension at initialize and sends the id it was answered.
    const initialize = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: VIEW_CAPABILITIES, clientInfo: { name: 'host', version: '1' } } };
    const session = (await postMcp(stack.url, initialize, wide)).headers.get('mcp-session-id');
    const allowed = await postMcp(stack.url, read('ui://oauth/items'), wide, { 'mcp-session-id': session ?? '' });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toMatchObject({ result: { contents: [{ uri: 'ui://oauth/items', mimeType: 'text/html;profile=mcp-app', text: '<!doctype html><p>items</p>' }] } });
  });

  it('a resource without scopes, and an unknown URI, are not refused by scope', async () => {
    const token = await stack.token('anyone');
    expect(await (await postMcp(stack.url, read('docs://help'), token)).json()).toMatchObject({ result: { contents: [{ text: 'help' }] } });
    const unknown = await postMcp(stack.url, read('ui://oauth/none'), token);
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toMatchObject({ error: { code: -32602 } });
  });
});
