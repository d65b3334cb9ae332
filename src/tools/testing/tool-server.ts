// Runs your tools in a real tool server on loopback, pointed at an API of your choice (a fake, usually),
// and calls them the way the hub's direct checks do: POST /messages, the answer in the body.
import { Writable } from 'node:stream';
import { loadConfig } from '../../config';
import type { Prompt } from '../../prompts';
import { createLogger } from '../../logger';
import { createToolServer } from '../../server';
import { withApiName } from '../api-name';
import type { Tool } from '../define-tool';
import type { Resource } from '../../resources/define-resource';
import type { ToolResult } from '../results';

export interface TestServerOptions {
  tools: readonly Tool[];
  /** The views (and other resources) the tools name; a tool with a view needs its view here. */
  resources?: readonly Resource[];
  /** Prompts (src/prompts), offered on /mcp; none by default. */
  prompts?: readonly Prompt[];
  /** CUSTOMER_API_URL: the fake API's url, usually. */
  apiUrl: string;
  /** More settings, as environment variables (e.g. { CUSTOMER_API_NAME: 'the billing system' }). */
  env?: Record<string, string>;
  /** The port to listen on; by default any free one (give one when VIEW_ASSETS_URL must name it). */
  port?: number;
  /** Where the views' runtime is (with VIEW_ASSETS_URL set); by default dist/views. */
  viewsDir?: string;
}

export interface CallOutcome {
  /** The text of the result's first content item ('' if none). */
  text: string;
  isError: boolean;
  result: ToolResult;
}

export interface TestServer {
  /** Base URL of the tool server. */
  url: string;
  /** Calls a tool with these arguments, sending `headers` as the hub would (e.g. { authorization: 'Bearer t' }). */
  call(name: string, args?: Record<string, unknown>, headers?: Record<string, string>): Promise<CallOutcome>;
  /** The server's log lines so far, parsed (one per tool call, among others). */
  logs(): Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startToolServer({ tools, resources, prompts, apiUrl, env = {}, port = 0, viewsDir }: TestServerOptions): Promise<TestServer> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', ...env, CUSTOMER_API_URL: apiUrl });
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = createLogger({ level: config.logLevel, destination });
  const server = createToolServer({
    config,
    customerApiUrl: apiUrl,
    logger,
    tools: withApiName(tools, config.customerApiName),
    resources,
    prompts,
    info: { name: 'tool-test-server', version: '0.0.0' },
    ...(viewsDir === undefined ? {} : { viewsDir }),
  });
  const url = await server.listen(port, '127.0.0.1');
  let id = 0;

  async function call(name: string, args: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<CallOutcome> {
    // Named as a 2025-11-25 client names it, so a declared output comes back as structuredContent too;
    // the hub, which names no revision, gets the same text and isError without it.
    const response = await fetch(`${url}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mcp-protocol-version': '2025-11-25', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name, arguments: args } }),
    });
    const answer = (await response.json()) as { result?: ToolResult; error?: { code: number; message: string } };
    if (!answer.result) throw new Error(`tools/call ${name} answered a JSON-RPC error: ${JSON.stringify(answer.error)}`);
    const first = answer.result.content[0];
    return { text: first?.type === 'text' ? first.text : '', isError: answer.result.isError === true, result: answer.result };
  }

  return {
    url,
    call,
    logs: () =>
      lines
        .join('')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    close: () => server.shutdown(),
  };
}
