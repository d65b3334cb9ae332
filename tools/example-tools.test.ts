// The example tools against the example API they were written for. Both are examples: a fork deletes
// this file with them (the framework's own tests use copies under test/fixtures).
import { startExampleApi, type RunningExampleApi } from '../example-api';
import { startToolServer, type TestServer } from '../src/tools/testing';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { prompts, resources, tools } from './index';

const MANAGER = { authorization: 'Bearer demo-manager-token' };
const VIEWER = { authorization: 'Bearer demo-viewer-token' };

let api: RunningExampleApi;
let server: TestServer;
beforeAll(async () => {
  api = await startExampleApi();
  server = await startToolServer({ tools, resources, prompts, apiUrl: api.url });
});
afterAll(async () => {
  await server.close();
  await api.close();
});

async function call(name: string, args: Record<string, unknown>, headers: Record<string, string> = MANAGER) {
  const { text, isError } = await server.call(name, args, headers);
  return { text, isError };
}

describe('search_orders', () => {
  it('lists matching orders', async () => {
    const { text, isError } = await call('search_orders', { customer: 'northwind' });
    expect(isError).toBe(false);
    expect(text).toContain('Found 2 order(s)');
    expect(text).toContain('#1001');
    expect(text).toContain('#1003');
  });

  it('answers the view with structuredContent: the orders shown, how many match, and whether the user may create', async () => {
    const manager = await server.call('search_orders', { limit: 2 }, MANAGER);
    const page = manager.result.structuredContent as { orders: Array<{ id: string }>; total: number; canCreate: boolean };
    expect(page.orders).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    expect(page.canCreate).toBe(true);
    expect(manager.text).toContain(`(${page.total - 2} more not shown;`);
    const viewer = await server.call('search_orders', { limit: 2 }, VIEWER);
    expect(viewer.result.structuredContent).toMatchObject({ canCreate: false });
  });

  it('an empty answer is an ordinary result saying no items were found', async () => {
    const { text, isError } = await call('search_orders', { customer: 'nobody-by-this-name' });
    expect(isError).toBe(false);
    expect(text).toBe('No orders were found matching that search.');
  });

  it('invalid arguments give an isError result naming each bad field', async () => {
    const { text, isError } = await call('search_orders', { status: 'lost', limit: 500 });
    expect(isError).toBe(true);
    expect(text).toMatch(/^The arguments for search_orders are not valid: /);
    expect(text).toContain('status:');
    expect(text).toContain('limit:');
    expect(text).toContain('call search_orders again');
  });
});

describe('get_order', () => {
  it('returns the order as data (structuredContent) and, for the model, the same as JSON', async () => {
    const { result, text } = await server.call('get_order', { orderId: '1002' }, MANAGER);
    expect(result.structuredContent).toMatchObject({ id: '1002', customer: 'Contoso Ltd', status: expect.any(String), total: expect.any(Number) });
    expect((result.structuredContent as { lines: unknown[] }).lines.length).toBeGreaterThan(0);
    expect(JSON.parse(text)).toEqual(result.structuredContent);
  });

  it('puts the id into the URL path encoded', async () => {
    const { text, isError } = await call('get_order', { orderId: '1001/../../users/me' });
    expect(isError).toBe(true);
    expect(text).toBe('There is no order with id 1001/../../users/me. Use search_orders to find the right id.');
  });

  it('a missing order is explained', async () => {
    const { text, isError } = await call('get_order', { orderId: '999999' });
    expect(isError).toBe(true);
    expect(text).toContain('There is no order with id 999999');
  });

  it('a missing argument names the field', async () => {
    const { text, isError } = await call('get_order', {});
    expect(isError).toBe(true);
    expect(text).toContain('orderId:');
  });
});

describe('create_order', () => {
  const order = { customer: 'Umbrella Corp', lines: [{ sku: 'WIDGET-1', quantity: 3, unitPrice: 2.5 }] };

  it('a manager creates an order in the organisation the request names', async () => {
    const { text, isError } = await call('create_order', { ...order, organisation: 'globex' });
    expect(isError).toBe(false);
    expect(text).toMatch(/^Created order #\d+ for Umbrella Corp: 1 line\(s\), total 7\.50\.$/);
    expect((await call('whoami', {}, { ...MANAGER, 'x-tenant-id': 'globex' })).text).toContain('in organisation globex');
  });

  it("asks a manager of two organisations which one, in the result's text on the hub's lane (no question there)", async () => {
    // No order was placed: an error result, whose sentence tells the assistant what to do next.
    const { text, isError } = await call('create_order', order);
    expect(isError).toBe(true);
    expect(text).toBe(
      'The order for Umbrella Corp was not placed. This client cannot ask the user: "You belong to 2 organisations. Which one should the order for Umbrella Corp be placed in?" ' +
        'To go on, ask the user, then call create_order again with organisation set to one of: acme, globex.',
    );
  });

  it.each([
    ['cancel', 'Claude Code -p', 'The question was closed without an answer: "You belong to 2 organisations. Which one should the order for Headless Corp be placed in?" To go on, ask the user, then'],
    ['decline', 'Codex exec', 'The user declined to answer: "You belong to 2 organisations. Which one should the order for Headless Corp be placed in?" If they still want to go on, ask them, then'],
  ] as const)('a question answered %s at once (as %s does) names the organisations and the call to make; no order is placed', async (action, _host, sentence) => {
    const client = new Client({ name: 'headless-host', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler('elicitation/create', () => ({ action }));
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: MANAGER } }));
    try {
      const result = await client.callTool({ name: 'create_order', arguments: { ...order, customer: 'Headless Corp' } });
      expect(result.isError).toBe(true);
      expect((result.content as Array<{ text: string }>)[0]!.text).toBe(
        `The order for Headless Corp was not placed. ${sentence} call create_order again with organisation set to one of: acme, globex.`,
      );
      for (const tenant of ['acme', 'globex']) expect((await call('search_orders', { customer: 'Headless Corp' }, { ...MANAGER, 'x-tenant-id': tenant })).text).not.toContain('Headless Corp');
    } finally {
      await client.close();
    }
  });

  it('does not ask when the request carries X-Tenant-Id', async () => {
    expect((await call('create_order', order, { ...MANAGER, 'x-tenant-id': 'acme' })).text).toMatch(/^Created order #\d+/);
  });

  it.each([
    ['pinned to 2026-07-28', { versionNegotiation: { mode: { pin: '2026-07-28' } } }],
    ['2025 era', {}],
  ])('asks through the client (%s): the user picks globex, the order goes there', async (_era, negotiation) => {
    const client = new Client({ name: 'example-host', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } }, ...negotiation } as never);
    const questions: Array<{ message?: string; requestedSchema?: unknown }> = [];
    client.setRequestHandler('elicitation/create', async (request) => {
      questions.push(request.params as never);
      return { action: 'accept', content: { organisation: 'globex' } };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: MANAGER } }));
    try {
      const result = await client.callTool({ name: 'create_order', arguments: { ...order, customer: 'Asked Corp' } });
      expect((result.content as Array<{ text: string }>)[0]!.text).toMatch(/^Created order #\d+ for Asked Corp/);
      expect(questions).toHaveLength(1);
      expect(questions[0]!.message).toBe('You belong to 2 organisations. Which one should the order for Asked Corp be placed in?');
      const found = await call('search_orders', { customer: 'Asked Corp' }, { ...MANAGER, 'x-tenant-id': 'globex' });
      expect(found.text).toContain('Asked Corp');
    } finally {
      await client.close();
    }
  });

  it('the lesser role gets the permission result (403)', async () => {
    const { text, isError } = await call('create_order', order, VIEWER);
    expect(isError).toBe(true);
    expect(text).toBe("You don't have permission to perform this action. Ask your administrator for access if you need it.");
  });

  it('an expired token gets the session-expired result (401)', async () => {
    const { text, isError } = await call('create_order', order, { authorization: 'Bearer expired' });
    expect(isError).toBe(true);
    expect(text).toBe('Your session has expired. Please log in again.');
  });
});

describe('review_open_orders (a prompt)', () => {
  it("completes the customer from the API with the user's credentials, and lists the open orders", async () => {
    const client = new Client({ name: 'example-host', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: MANAGER } }));
    try {
      const completion = await client.complete({ ref: { type: 'ref/prompt', name: 'review_open_orders' }, argument: { name: 'customer', value: 'north' } });
      expect(completion.completion.values).toEqual(['Northwind Traders']);
      const prompt = await client.getPrompt({ name: 'review_open_orders', arguments: { customer: 'Northwind Traders' } });
      const text = (prompt.messages[0]!.content as { text: string }).text;
      expect(text).toMatch(/^Review the open orders of Northwind Traders/);
      expect(text).toContain('#1001');
    } finally {
      await client.close();
    }
  });
});

describe('save_orders_csv (logs its progress)', () => {
  it("sends its progress lines to a client's log on /mcp", async () => {
    const client = new Client({ name: 'example-host', version: '1.0.0' });
    const lines: unknown[] = [];
    client.setNotificationHandler('notifications/message', (notification) => void lines.push(notification.params.data));
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: MANAGER } }));
    try {
      await client.callTool({ name: 'save_orders_csv', arguments: { customer: 'nobody-by-this-name' } });
      expect(lines).toEqual(['Searching the orders']);
    } finally {
      await client.close();
    }
  });
});

describe('whoami', () => {
  it.each([
    [MANAGER, 'Demo Manager', 'manager'],
    [VIEWER, 'Demo Viewer', 'viewer'],
  ])('shows whom the API sees', async (headers, name, role) => {
    const { text } = await call('whoami', {}, headers);
    expect(text).toContain(name);
    expect(text).toContain(`role ${role}`);
  });

  it.each(['Bearer constructor', 'Bearer __proto__', 'Basic abc'])('an unknown credential (%s) is a 401 at the API', async (authorization) => {
    const { text, isError } = await call('whoami', {}, { authorization });
    expect(isError).toBe(true);
    expect(text).toBe('Your session has expired. Please log in again.');
  });

  it('without credentials: the no-credentials result (not session-expired)', async () => {
    const { text, isError } = await call('whoami', {}, {});
    expect(isError).toBe(true);
    expect(text).toMatch(/^The company's system refused the request \(HTTP 401\) because it carried no credentials: .* Ask your administrator/);
  });
});

// Claude Code and Codex hand the model `structuredContent`, Gemini CLI and opencode the text (docs/tools.md):
// each example with an `output` must say the same in both, so a model reads a whole answer either way.
describe('each example with an output, as the two kinds of host read it', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'reading-host', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { ...MANAGER, 'x-tenant-id': 'acme' } } }));
  });
  afterAll(() => client.close());

  const read = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError).toBeFalsy();
    return { text: (result.content as Array<{ text: string }>)[0]!.text, data: result.structuredContent as Record<string, unknown> };
  };

  it('search_orders: every order in the object is a line of the text, with its customer, status and total, and the count', async () => {
    const { text, data } = await read('search_orders', { limit: 3 });
    const orders = data.orders as Array<{ id: string; customer: string; status: string; total: number }>;
    expect(orders).toHaveLength(3);
    expect(text.split('\n')[0]).toBe(`Found ${String(data.total)} order(s):`);
    for (const order of orders) expect(text).toContain(`#${order.id} · ${order.customer} · ${order.status} · ${order.total.toFixed(2)}`);
    expect(text).not.toMatch(/structured/i);
  });

  it('create_order: the text names the id, customer, line count and total the object holds', async () => {
    const { text, data } = await read('create_order', { customer: 'Reading Corp', lines: [{ sku: 'WIDGET-1', quantity: 2, unitPrice: 4 }] });
    expect(data).toEqual({ id: expect.any(String), customer: 'Reading Corp', lineCount: 1, total: 8 });
    expect(text).toBe(`Created order #${String(data.id)} for Reading Corp: 1 line(s), total 8.00.`);
  });

  it('get_order: the text is the order as JSON, holding every field of the object', async () => {
    const { text, data } = await read('get_order', { orderId: '1001' });
    expect(JSON.parse(text)).toMatchObject(data);
    expect(Object.keys(data)).toEqual(expect.arrayContaining(['id', 'customer', 'status', 'lines', 'total']));
  });
});
