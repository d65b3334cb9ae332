// A host for a view's browser test, driven from Node: an MCP client of the tool server with the user's
// credentials, and the host page (./host.ts) in a Chromium page. As a real host, it lists the tool, reads
// its view, calls the tool and shows the view with the result; its tool calls can be made to fail.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Browser, BrowserContext, Frame, Page } from 'puppeteer-core';
import { hostPage } from './index';

const UI = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

export type Result = { content: Array<{ type: string; text?: string }>; isError?: boolean; structuredContent?: Record<string, unknown> };
export const textOf = (result: Result) => result.content.map((part) => part.text ?? '').join('\n');

/** The host context a test gives (ext-apps' McpUiHostContext, the parts these tests use). */
export type HostContext = { theme?: 'light' | 'dark'; styles?: { variables?: Record<string, string>; css?: { fonts?: string } } };

/**
 * Whether each view's frame is an origin of its own (`opaque`, `sandbox="allow-scripts"`, the default), or
 * all share one (`host`, adding `allow-same-origin`), as views inside a host's sandbox-proxy origin do.
 */
export type FrameOrigin = 'opaque' | 'host';

/** The view's `_meta.ui.csp`, which the host page applies to its frame. */
type ViewCsp = { connectDomains?: string[]; resourceDomains?: string[] };

type HostWindow = {
  showView(html: string, args: Record<string, unknown>, result: unknown, context?: HostContext, options?: { csp?: ViewCsp; origin?: FrameOrigin }): Promise<string>;
  setHostContext(context: HostContext): void;
};

export interface ViewHost {
  client: Client;
  page: Page;
  /** The tool calls the view made through the host. */
  calls: Array<{ name: string; arguments?: Record<string, unknown> }>;
  /**
   * The host's next `count` tool calls fail, as when its network or the user's sign-in fails: before the
   * call reaches the tool server, or (`after`) once it has run there, so its outcome is unknown to the view.
   */
  failCalls(count: number, when?: 'before' | 'after'): void;
  /**
   * Shows `tool`'s view (in a frame of its own, beside any shown before) with the result of calling it;
   * `textOnly` drops structuredContent, as an older host does.
   */
  show(tool: string, args: Record<string, unknown>, options?: { context?: HostContext; textOnly?: boolean; origin?: FrameOrigin }): Promise<{ view: Frame; result: Result; uri: string }>;
  setContext(context: HostContext): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the host page in `browser` (or in one of its contexts, whose HTTP cache is its own). Its client
 * speaks 2026-07-28, or (`era: '2025'`) initialize and stateless 2025-era requests, as most hosts still do.
 */
export async function openHost(browser: Browser | BrowserContext, serverUrl: string, headers: Record<string, string>, { era = '2026' }: { era?: '2025' | '2026' } = {}): Promise<ViewHost> {
  const mode = era === '2025' ? 'legacy' : { pin: '2026-07-28' };
  const client = new Client({ name: 'view-test-host', version: '1.0.0' }, { capabilities: UI, versionNegotiation: { mode } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${serverUrl}/mcp`), { requestInit: { headers } }));
  const calls: ViewHost['calls'] = [];
  let failing = 0;
  let failWhen: 'before' | 'after' = 'before';
  const page = await browser.newPage();
  await page.setViewport({ width: 760, height: 560 });
  await page.exposeFunction('hostCallTool', async (params: { name: string; arguments?: Record<string, unknown> }) => {
    calls.push({ name: params.name, arguments: params.arguments });
    const fail = failing > 0;
    if (fail) failing -= 1;
    if (fail && failWhen === 'before') throw new Error('the host could not reach the tool server');
    const result = await client.callTool(params);
    if (fail) throw new Error('the connection to the host was lost');
    return result;
  });
  await page.setContent(await hostPage());
  return {
    client,
    page,
    calls,
    failCalls(count, when = 'before') {
      failing = count;
      failWhen = when;
    },
    async show(tool, args, { context, textOnly = false, origin } = {}) {
      const { tools } = await client.listTools();
      const uri = (tools.find((listed) => listed.name === tool)?._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri;
      if (uri === undefined) throw new Error(`${tool} names no view in tools/list`);
      const read = await client.readResource({ uri });
      const { text: html, _meta: meta } = read.contents[0] as { text: string; _meta?: { ui?: { csp?: ViewCsp } } };
      const result = (await client.callTool({ name: tool, arguments: args })) as Result;
      const shown = textOnly ? { content: result.content, ...(result.isError ? { isError: true } : {}) } : result;
      const frame = { csp: meta?.ui?.csp, origin };
      const id = await page.evaluate((h, a, r, c, o) => (globalThis as unknown as HostWindow).showView(h, a, r, c, o), html, args, shown as never, context as never, frame as never);
      const view = await (await page.waitForSelector(`iframe#${id}`))!.contentFrame();
      return { view: view!, result, uri };
    },
    async setContext(context) {
      await page.evaluate((c) => (globalThis as unknown as HostWindow).setHostContext(c), context as never);
    },
    async close() {
      await Promise.all([page.close(), client.close()]);
    },
  };
}
