// A host for a view's browser test, driven from Node: an MCP client of the tool server with the user's
// credentials, and the host page (./host.ts) in a Chromium page. As a real host, it lists the tool, reads
// its view, calls the tool and shows the view with the result; its tool calls can be made to fail.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Browser, Frame, Page } from 'puppeteer-core';
import { hostPage } from './index';

const UI = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

export type Result = { content: Array<{ type: string; text?: string }>; isError?: boolean; structuredContent?: Record<string, unknown> };
export const textOf = (result: Result) => result.content.map((part) => part.text ?? '').join('\n');

/** The host context a test gives (ext-apps' McpUiHostContext, the parts these tests use). */
export type HostContext = { theme?: 'light' | 'dark'; styles?: { variables?: Record<string, string>; css?: { fonts?: string } } };

type HostWindow = {
  showView(html: string, args: Record<string, unknown>, result: unknown, context?: HostContext): Promise<void>;
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
  /** Shows `tool`'s view with the result of calling it; `textOnly` drops structuredContent, as an older host does. */
  show(tool: string, args: Record<string, unknown>, options?: { context?: HostContext; textOnly?: boolean }): Promise<{ view: Frame; result: Result; uri: string }>;
  setContext(context: HostContext): Promise<void>;
  close(): Promise<void>;
}

export async function openHost(browser: Browser, serverUrl: string, headers: Record<string, string>): Promise<ViewHost> {
  const client = new Client({ name: 'view-test-host', version: '1.0.0' }, { capabilities: UI, versionNegotiation: { mode: { pin: '2026-07-28' } } });
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
    async show(tool, args, { context, textOnly = false } = {}) {
      const { tools } = await client.listTools();
      const uri = (tools.find((listed) => listed.name === tool)?._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri;
      if (uri === undefined) throw new Error(`${tool} names no view in tools/list`);
      const read = await client.readResource({ uri });
      const html = (read.contents[0] as { text: string }).text;
      const result = (await client.callTool({ name: tool, arguments: args })) as Result;
      const shown = textOnly ? { content: result.content, ...(result.isError ? { isError: true } : {}) } : result;
      await page.evaluate((h, a, r, c) => (globalThis as unknown as HostWindow).showView(h, a, r, c), html, args, shown as never, context as never);
      const frame = await (await page.waitForSelector('iframe#view'))!.contentFrame();
      return { view: frame!, result, uri };
    },
    async setContext(context) {
      await page.evaluate((c) => (globalThis as unknown as HostWindow).setHostContext(c), context as never);
    },
    async close() {
      await Promise.all([page.close(), client.close()]);
    },
  };
}
