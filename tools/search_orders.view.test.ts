// The example view in a real browser: headless Debian Chromium shows the test host page
// (test/support/view-host), whose ext-apps AppBridge renders the view in a sandboxed iframe; the host's tool
// calls go through a real MCP client (SDK v2) to the tool server, as in Claude or ChatGPT, or fail as a
// host's can. Without Chromium the tests skip and say why. VIEW_SCREENSHOTS=<folder> saves screenshots
// there (docs/views holds the ones in the docs); by default they go to a temporary folder.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Browser, Frame } from 'puppeteer-core';
import { startExampleApi, type RunningExampleApi } from '../example-api';
import { buildView } from '../cli/build-views/build';
import { defineView } from '../src/resources';
import { startToolServer, type TestServer } from '../src/tools/testing';
import { chromiumPath, NO_CHROMIUM } from '../test/support/view-host';
import { openHost, textOf, type Result, type ViewHost } from '../test/support/view-host/harness';
import { viewsSession } from '../test/support/mcp-post';
import { rawPost } from '../test/support/raw-post';
import createOrder from './create_order';
import getOrder from './get_order';
import searchOrders from './search_orders';
import { searchOrdersView } from './search_orders.view';

// The host's page names the organisation it works in: a manager of two is not asked which.
const MANAGER = { authorization: 'Bearer demo-manager-token', 'x-tenant-id': 'acme' };
const VIEWER = { authorization: 'Bearer demo-viewer-token' };

/** The browser side, typed here without the DOM library (this file runs in Node; the callbacks in the page). */
type Element = { dataset: Record<string, string | undefined>; innerText: string; textContent: string | null; hidden: boolean; value: string };
type Document = { querySelector(selector: string): Element | null; body: Element };
type BrowserGlobal = { document: Document; getComputedStyle(element: Element): { backgroundColor: string; fontFamily: string } };

type Page = { orders: Array<{ id: string; customer: string }>; total: number; canCreate: boolean };

const browserPath = chromiumPath();

let api: RunningExampleApi;
let server: TestServer;
beforeAll(async () => {
  const html = await buildView(join(__dirname, 'views/search_orders'));
  api = await startExampleApi();
  // Only the tools the view calls and the view itself: a fork's own tools and views are not this test's.
  server = await startToolServer({ tools: [searchOrders, getOrder, createOrder], resources: [defineView({ ...searchOrdersView, html: () => html })], apiUrl: api.url });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await api?.close();
});

describe('the search_orders view on the wire', () => {
  it('its resources/read answer is at most 200 KB for a client that accepts gzip', async () => {
    // A 2025-era host that shows views: it declared the extension and sends the Mcp-Session-Id it was answered.
    const read = { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: searchOrdersView.uri } };
    const answer = await rawPost(server.url, read, { ...(await viewsSession(server.url, MANAGER)), 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.wire.length).toBeLessThanOrEqual(200_000);
    expect(JSON.parse(gunzipSync(answer.wire).toString('utf8'))).toMatchObject({ result: { contents: [{ uri: searchOrdersView.uri, mimeType: 'text/html;profile=mcp-app' }] } });
  });
});

(browserPath ? describe : describe.skip)(browserPath ? 'the search_orders view in Chromium' : `the search_orders view in Chromium (${NO_CHROMIUM})`, () => {
  let browser: Browser;
  let shots: string;
  const keepShots = process.env.VIEW_SCREENSHOTS;
  const hosts: ViewHost[] = [];

  beforeAll(async () => {
    const { launch } = await import('puppeteer-core');
    // As root (CI containers) Chromium's own sandbox cannot start: the view still runs in its sandboxed iframe.
    browser = await launch({ executablePath: browserPath!, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    shots = keepShots ?? mkdtempSync(join(tmpdir(), 'view-shots-'));
    mkdirSync(shots, { recursive: true });
  }, 60_000);
  afterEach(async () => {
    await Promise.all(hosts.splice(0).map((host) => host.close()));
  });
  afterAll(async () => {
    await browser?.close();
    if (!keepShots && shots) rmSync(shots, { recursive: true, force: true });
  });

  async function host(headers: Record<string, string>, era?: '2025' | '2026'): Promise<ViewHost> {
    const opened = await openHost(browser, server.url, headers, { era });
    hosts.push(opened);
    return opened;
  }
  const text = (view: Frame, selector: string) => view.$eval(selector, (el) => (el as unknown as Element).innerText);
  /** Waits until the element's text contains `wanted`. */
  const until = (view: Frame, selector: string, wanted: string) =>
    view.waitForFunction((s, w) => (globalThis as unknown as BrowserGlobal).document.querySelector(s)?.textContent?.includes(w) === true, {}, selector, wanted);

  it('shows the orders of the structured result, says how many are not shown, and shows them on request', async () => {
    const h = await host(MANAGER);
    const { view, result, uri } = await h.show('search_orders', { limit: 2 });
    expect(uri).toBe('ui://orders/search_orders');
    const page = result.structuredContent as Page;
    expect(page.total).toBeGreaterThan(2);
    await view.waitForSelector('tr.order');
    const rows = await view.$$eval('tr.order', (trs) => trs.map((tr) => (tr as unknown as Element).dataset.id));
    expect(rows).toEqual(page.orders.map((order) => order.id));
    expect(await text(view, '#more')).toContain(`Showing 2 of ${page.total}: ${page.total - 2} more not shown.`);
    await h.page.screenshot({ path: join(shots, 'orders-table.png') });
    await view.click('#more button');
    await view.waitForFunction((n) => (globalThis as unknown as BrowserGlobal).document.querySelector('#more')?.hidden === true, {}, page.total);
    expect(h.calls).toEqual([{ name: 'search_orders', arguments: { limit: page.total } }]);
    expect(await view.$$eval('tr.order', (trs) => trs.length)).toBe(page.total);
  }, 60_000);

  it('from a 2025-era host that declared the extension (stateless /mcp, Mcp-Session-Id), shows the orders as from a 2026-07-28 one', async () => {
    const h = await host(MANAGER, '2025');
    const { view, result } = await h.show('search_orders', { limit: 2 });
    await view.waitForSelector('tr.order');
    const rows = await view.$$eval('tr.order', (trs) => trs.map((tr) => (tr as unknown as Element).dataset.id));
    expect(rows).toEqual((result.structuredContent as Page).orders.map((order) => order.id));
  }, 60_000);

  it('a 2025-era read without the Mcp-Session-Id (a host that dropped it) is the short page, which a frame shows as its sentence', async () => {
    const read = await rawPost(server.url, { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: searchOrdersView.uri } }, MANAGER);
    const html = (JSON.parse(read.wire.toString('utf8')) as { result: { contents: Array<{ text: string }> } }).result.contents[0]!.text;
    expect(html.length).toBeLessThan(1024);
    const page = await browser.newPage();
    try {
      await page.setContent(`<iframe sandbox="allow-scripts" srcdoc="${html.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"></iframe>`);
      const frame = (await (await page.waitForSelector('iframe'))!.contentFrame())!;
      await frame.waitForFunction(() => ((globalThis as unknown as BrowserGlobal).document.body?.innerText ?? '') !== '');
      expect(await frame.$eval('body', (body) => (body as unknown as Element).innerText)).toMatch(/^ui:\/\/orders\/search_orders is an MCP Apps view: .* Call search_orders instead/);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('opening an order calls get_order through the host and shows its fields under readable labels', async () => {
    const h = await host(MANAGER);
    const { view } = await h.show('search_orders', { limit: 5 });
    const id = await view.$eval('tr.order', (tr) => (tr as unknown as Element).dataset.id!);
    await view.click('tr.order');
    await view.waitForFunction((wanted) => (globalThis as unknown as BrowserGlobal).document.querySelector('#detail strong')?.textContent === `Order #${wanted}`, {}, id);
    expect(h.calls).toEqual([{ name: 'get_order', arguments: { orderId: id } }]);
    const order = JSON.parse(textOf((await h.client.callTool({ name: 'get_order', arguments: { orderId: id } })) as Result)) as { customer: string };
    const labels = await view.$$eval('#detail dt', (dts) => dts.map((dt) => dt.textContent));
    expect(labels).toEqual(expect.arrayContaining(['Organisation', 'Customer', 'Status', 'Lines', 'Total', 'Placed']));
    expect(labels.filter((label) => !/^[A-Z][a-z]*( [a-z]+)*$/.test(label ?? ''))).toEqual([]); // no tenantId, createdBy
    expect(await text(view, '#detail')).toContain(order.customer);
    await h.page.screenshot({ path: join(shots, 'orders-detail.png') });
  }, 60_000);

  it('from a host that passes only the text, shows the text', async () => {
    const h = await host(MANAGER);
    const { view, result } = await h.show('search_orders', { limit: 3 }, { textOnly: true });
    await until(view, '#summary', 'Found');
    expect(await view.$eval('#summary', (el) => el.textContent)).toBe(textOf(result));
    expect(await view.$eval('#orders', (el) => (el as unknown as Element).hidden)).toBe(true);
  }, 60_000);

  it('offers a viewer no create form (the search result says the user may not create)', async () => {
    const h = await host(VIEWER);
    const { view, result } = await h.show('search_orders', { limit: 3 });
    expect((result.structuredContent as Page).canCreate).toBe(false);
    await view.waitForSelector('tr.order');
    expect(await view.$eval('#create', (el) => (el as unknown as Element).hidden)).toBe(true);
  }, 60_000);

  /** Fills the form, reviews and confirms. */
  async function createThrough(view: Frame, customer: string): Promise<void> {
    await view.waitForSelector('#create:not([hidden])');
    await view.type('input[name=customer]', customer);
    await view.type('input[name=sku]', 'WIDGET-1');
    await view.click('#review');
    await view.waitForSelector('#confirm:not([hidden])');
    await view.click('#confirm-yes');
  }

  it('a manager creates an order: the form clears and the table refreshes', async () => {
    const h = await host(MANAGER);
    const { view, result } = await h.show('search_orders', { limit: 5 });
    const before = (result.structuredContent as Page).total;
    await createThrough(view, 'Initech');
    await until(view, '#summary', `Found ${before + 1} order(s).`);
    expect(h.calls).toEqual([
      { name: 'create_order', arguments: { customer: 'Initech', lines: [{ sku: 'WIDGET-1', quantity: 1, unitPrice: 0 }] } },
      { name: 'search_orders', arguments: { limit: 5 } },
    ]);
    expect(await text(view, '#created')).toMatch(/^Created order #\d+ for Initech: 1 line\(s\), total 0\.00\.$/);
    expect(await view.$eval('input[name=customer]', (el) => (el as unknown as Element).value)).toBe('');
  }, 60_000);

  it('a 403 from the API on create_order shows, after the confirm step, the sentence the assistant gets', async () => {
    const h = await host(MANAGER);
    const { view } = await h.show('search_orders', { limit: 3 });
    expect(h.calls).toEqual([]); // nothing is created before the user confirms
    await fetch(`${api.url}/_demo/next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 403 }) });
    await createThrough(view, 'Northwind Traders');
    await view.waitForSelector('#created[data-state=error]');
    // The contract's permission sentence, then the API's own words for the refusal.
    expect(await view.$eval('#created .message', (el) => el.textContent)).toBe(
      "You don't have permission to perform this action. Ask your administrator for access if you need it. The company's system said: \"scripted_failure\".",
    );
    await h.page.screenshot({ path: join(shots, 'orders-forbidden.png') });
  }, 60_000);

  it('a host call that fails: the order panel says so, and its retry opens the order', async () => {
    const h = await host(MANAGER);
    const { view } = await h.show('search_orders', { limit: 3 });
    await view.waitForSelector('tr.order');
    h.failCalls(1);
    await view.click('tr.order');
    await view.waitForSelector('#detail[data-state=error]');
    expect(await text(view, '#detail')).toMatch(/^Order #\d+ could not be opened: the host did not complete the call \(.+\)\. Try again$/);
    await view.click('#detail button');
    await view.waitForSelector('#detail dl');
    expect(h.calls.map((call) => call.name)).toEqual(['get_order', 'get_order']);
  }, 60_000);

  it('a create whose call fails after it ran: the view says the outcome is unknown, and its check finds the order', async () => {
    const h = await host(MANAGER);
    const { view } = await h.show('search_orders', { limit: 3 });
    h.failCalls(1, 'after');
    await createThrough(view, 'Hooli');
    await view.waitForSelector('#created[data-state=error]');
    expect(await text(view, '#created .message')).toMatch(/^It is not known whether the order was created: .* Check the orders before you try again\.$/);
    expect(await view.$eval('input[name=customer]', (el) => (el as unknown as Element).value)).toBe('Hooli'); // kept, not cleared
    await view.click('#created button');
    await until(view, '#summary', 'Found 1 order(s).');
    expect(h.calls.at(-1)).toEqual({ name: 'search_orders', arguments: { customer: 'Hooli', limit: 50 } });
    expect(await text(view, 'tr.order')).toContain('Hooli');
  }, 60_000);

  it('a search that fails on refresh says so with a retry', async () => {
    const h = await host(MANAGER);
    const { view } = await h.show('search_orders', { limit: 1 });
    await view.waitForSelector('#more button');
    h.failCalls(1);
    await view.click('#more button');
    await view.waitForSelector('#summary[data-state=error]');
    expect(await text(view, '#summary')).toContain('The orders could not be loaded: the host did not complete the call');
    await view.click('#summary button');
    await until(view, '#summary', 'Select an order');
  }, 60_000);

  describe('the host theme', () => {
    const background = (view: Frame) => view.evaluate(() => (globalThis as unknown as BrowserGlobal).getComputedStyle((globalThis as unknown as BrowserGlobal).document.body).backgroundColor);
    const WHITE = 'rgb(255, 255, 255)';

    it('a host that says light on a dark OS gets a light view, then a dark one when it switches', async () => {
      const h = await host(MANAGER);
      await h.page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
      const { view } = await h.show('search_orders', { limit: 3 }, { context: { theme: 'light' } });
      await view.waitForFunction(() => (globalThis as unknown as { document: { documentElement: { dataset: Record<string, string> } } }).document.documentElement.dataset.theme === 'light');
      expect(await background(view)).toBe(WHITE);
      await h.setContext({ theme: 'dark' });
      await view.waitForFunction(() => (globalThis as unknown as { document: { documentElement: { dataset: Record<string, string> } } }).document.documentElement.dataset.theme === 'dark');
      expect(await background(view)).not.toBe(WHITE);
    }, 60_000);

    it('without a theme from the host, the view follows the OS', async () => {
      const h = await host(MANAGER);
      await h.page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
      const { view } = await h.show('search_orders', { limit: 3 });
      await view.waitForSelector('tr.order');
      expect(await background(view)).not.toBe(WHITE);
    }, 60_000);

    it("takes the host's colours and fonts", async () => {
      const h = await host(MANAGER);
      const context = { theme: 'light' as const, styles: { variables: { '--color-background-primary': 'rgb(250, 240, 230)', '--font-sans': 'Georgia, serif' } } };
      const { view } = await h.show('search_orders', { limit: 3 }, { context });
      await view.waitForFunction(() => (globalThis as unknown as BrowserGlobal).getComputedStyle((globalThis as unknown as BrowserGlobal).document.body).backgroundColor === 'rgb(250, 240, 230)');
      expect(await view.evaluate(() => (globalThis as unknown as BrowserGlobal).getComputedStyle((globalThis as unknown as BrowserGlobal).document.body).fontFamily)).toContain('Georgia');
    }, 60_000);
  });
});
