// The example view in a real browser (issue 26, point 4): headless Debian Chromium shows the test host
// page (test/support/view-host), whose ext-apps AppBridge renders the view in a sandboxed iframe; the
// host's tool calls go through a real MCP client (SDK v2) to the tool server, as in Claude or ChatGPT.
// Without Chromium the tests skip and say why. VIEW_SCREENSHOTS=<folder> saves screenshots there
// (docs/views holds the ones in the docs); by default they go to a temporary folder.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Browser, Frame, Page } from 'puppeteer-core';
import { startExampleApi, type RunningExampleApi } from '../example-api';
import { buildView } from '../cli/build-views/build';
import { defineView } from '../src/resources';
import { startToolServer, type TestServer } from '../src/tools/testing';
import { chromiumPath, hostPage, NO_CHROMIUM } from '../test/support/view-host';
import createOrder from './create_order';
import getOrder from './get_order';
import searchOrders from './search_orders';
import { searchOrdersView } from './search_orders.view';

const MANAGER = { authorization: 'Bearer demo-manager-token' };
const VIEWER = { authorization: 'Bearer demo-viewer-token' };
const UI = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

type Result = { content: Array<{ type: string; text?: string }>; isError?: boolean };
const textOf = (result: Result) => result.content.map((part) => part.text ?? '').join('\n');

/** The browser side, typed here without the DOM library (this file runs in Node; the callbacks in the page). */
type Element = { dataset: Record<string, string | undefined>; innerText: string; textContent: string | null };
type HostWindow = { showView(html: string, args: Record<string, unknown>, result: unknown): Promise<void> };
type Document = { querySelector(selector: string): Element | null };

const browserPath = chromiumPath();

(browserPath ? describe : describe.skip)(browserPath ? 'the search_orders view in Chromium' : `the search_orders view in Chromium (${NO_CHROMIUM})`, () => {
  let api: RunningExampleApi;
  let server: TestServer;
  let browser: Browser;
  let shots: string;
  const keepShots = process.env.VIEW_SCREENSHOTS;

  beforeAll(async () => {
    const html = await buildView(join(__dirname, 'views/search_orders'));
    api = await startExampleApi();
    // Only the tools the view calls and the view itself (issue 32): a fork's own tools and views are not this test's.
    server = await startToolServer({ tools: [searchOrders, getOrder, createOrder], resources: [defineView({ ...searchOrdersView, html: () => html })], apiUrl: api.url });
    const { launch } = await import('puppeteer-core');
    // As root (CI containers) Chromium's own sandbox cannot start: the view still runs in its sandboxed iframe.
    browser = await launch({ executablePath: browserPath!, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    shots = keepShots ?? mkdtempSync(join(tmpdir(), 'view-shots-'));
    mkdirSync(shots, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await api?.close();
    if (!keepShots && shots) rmSync(shots, { recursive: true, force: true });
  });

  /** A host: an MCP client of the tool server with the user's credentials, and the host page showing the view. */
  async function openHost(headers: Record<string, string>) {
    const client = new Client({ name: 'view-test-host', version: '1.0.0' }, { capabilities: UI, versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers } }));
    const calls: Array<{ name: string; arguments?: Record<string, unknown> }> = [];
    const page: Page = await browser.newPage();
    await page.setViewport({ width: 760, height: 560 });
    await page.exposeFunction('hostCallTool', async (params: { name: string; arguments?: Record<string, unknown> }) => {
      calls.push({ name: params.name, arguments: params.arguments });
      return client.callTool(params);
    });
    await page.setContent(await hostPage());
    return { client, page, calls, close: async () => Promise.all([page.close(), client.close()]) };
  }

  /** What the host does for a tool call: lists the tool, reads its view, calls it, and shows the view. */
  async function showSearch(host: Awaited<ReturnType<typeof openHost>>, args: Record<string, unknown>): Promise<{ view: Frame; result: Result }> {
    const { tools: listed } = await host.client.listTools();
    const uri = (listed.find((tool) => tool.name === 'search_orders')?._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri;
    expect(uri).toBe('ui://orders/search_orders');
    const read = await host.client.readResource({ uri: uri! });
    const html = (read.contents[0] as { text: string }).text;
    const result = (await host.client.callTool({ name: 'search_orders', arguments: args })) as Result;
    await host.page.evaluate((h, a, r) => (globalThis as unknown as HostWindow).showView(h, a, r), html, args, result as never);
    const handle = await host.page.waitForSelector('iframe#view');
    const view = (await handle!.contentFrame())!;
    return { view, result };
  }

  it('shows the orders of the tool result in a table', async () => {
    const host = await openHost(MANAGER);
    try {
      const { view, result } = await showSearch(host, { limit: 5 });
      const ids = [...textOf(result).matchAll(/^#(\S+) · /gm)].map((match) => match[1]);
      expect(ids.length).toBeGreaterThan(0);
      await view.waitForSelector('tr.order');
      const rows = await view.$$eval('tr.order', (trs) => trs.map((tr) => (tr as unknown as Element).dataset.id));
      expect(rows).toEqual(ids);
      const first = await view.$eval('tr.order', (tr) => (tr as unknown as Element).innerText);
      expect(textOf(result)).toContain(first.split('\t').join(' · '));
      await host.page.screenshot({ path: join(shots, 'orders-table.png') });
    } finally {
      await host.close();
    }
  }, 60_000);

  it('opening an order calls get_order through the host and shows it', async () => {
    const host = await openHost(MANAGER);
    try {
      const { view } = await showSearch(host, { limit: 5 });
      const id = await view.$eval('tr.order', (tr) => (tr as unknown as Element).dataset.id!);
      await view.click('tr.order');
      await view.waitForFunction((wanted) => (globalThis as unknown as { document: Document }).document.querySelector('#detail strong')?.textContent === `Order #${wanted}`, {}, id);
      expect(host.calls).toEqual([{ name: 'get_order', arguments: { orderId: id } }]);
      const direct = textOf((await host.client.callTool({ name: 'get_order', arguments: { orderId: id } })) as Result);
      const customer = (JSON.parse(direct) as { customer: string }).customer;
      expect(await view.$eval('#detail', (el) => (el as unknown as Element).innerText)).toContain(customer);
      await host.page.screenshot({ path: join(shots, 'orders-detail.png') });
    } finally {
      await host.close();
    }
  }, 60_000);

  it('a 403 from the API on create_order shows, after the confirm step, the sentence the assistant gets', async () => {
    const host = await openHost(VIEWER);
    try {
      const { view } = await showSearch(host, { limit: 3 });
      await view.type('input[name=customer]', 'Northwind Traders');
      await view.type('input[name=sku]', 'WIDGET-1');
      await view.click('#review');
      await view.waitForSelector('#confirm:not([hidden])');
      expect(host.calls).toEqual([]); // nothing is created before the user confirms
      await view.click('#confirm-yes');
      await view.waitForSelector('#created.error');
      const order = { customer: 'Northwind Traders', lines: [{ sku: 'WIDGET-1', quantity: 1, unitPrice: 0 }] };
      expect(host.calls).toEqual([{ name: 'create_order', arguments: order }]);
      const assistant = (await host.client.callTool({ name: 'create_order', arguments: order })) as Result;
      expect(assistant.isError).toBe(true);
      expect(await view.$eval('#created', (el) => el.textContent)).toBe(textOf(assistant));
      expect(textOf(assistant)).toContain("You don't have permission");
      await host.page.screenshot({ path: join(shots, 'orders-forbidden.png') });
    } finally {
      await host.close();
    }
  }, 60_000);
});
