// A tool whose name leaves no room for a host's prefix within the providers' 64 characters: the server
// warns once, through its logger, when it is made, and still serves the tool to a client.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { defineTool } from '../../src/tools';
import { startFakeApi, startToolServer, type FakeApi, type TestServer } from '../../src/tools/testing';

const LONG = `summarise_${'quarterly_'.repeat(4)}figures`; // 57 characters
const FITS = `get_${'z'.repeat(40)}`; // 44 characters
const tool = (name: string) => defineTool({ name, description: 'Answers.', input: {}, handler: () => 'ok' });

let api: FakeApi;
let server: TestServer;
beforeAll(async () => {
  api = await startFakeApi({});
  server = await startToolServer({ tools: [tool(LONG), tool(FITS)], apiUrl: api.url });
});
afterAll(async () => {
  await server.close();
  await api.close();
});

describe('a tool name past 44 characters', () => {
  it('is warned about once at startup, with its length and the hosts\' prefixes; a 44-character name is not', async () => {
    expect(LONG).toHaveLength(57);
    // Some traffic first: the warning is the server's making, not a call's.
    const client = new Client({ name: 'prefixing-host', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    try {
      const { tools } = await client.listTools();
      expect(tools.map(({ name }) => name)).toEqual([LONG, FITS]);
      expect(await client.callTool({ name: LONG, arguments: {} })).toMatchObject({ content: [{ type: 'text', text: 'ok' }] });
      await client.listTools();
    } finally {
      await client.close();
    }
    const warnings = server.logs().filter((line) => line.level === 40 || line.level === 'warn');
    expect(warnings).toEqual([
      expect.objectContaining({
        tool: LONG,
        nameLength: 57,
        msg:
          `Tool name "${LONG}" is 57 characters, which leaves 7 for the prefix hosts put before it ` +
          '(mcp__<server>__ (Claude Code, Codex), mcp_<server>_ (Gemini CLI), <server>_ (opencode)) within the 64 characters model providers allow; ' +
          'a prefix takes about 20. Shorten it to 44 characters or fewer, or some hosts will cut or refuse it.',
      }),
    ]);
  });
});
