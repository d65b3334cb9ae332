// ctx.elicit without an answer, as hosts give it: Claude Code -p answers `cancel` and Codex exec
// `decline` at once; a client without the capability cannot be asked. Whatever the tool, the outcome
// carries a sentence naming the question, its choices and the call that goes on (`nextStep`), in both
// eras, through the SDK clients v1 and v2.
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { defineTool } from '../../src/tools';
import { startFakeApi, startToolServer, type FakeApi, type TestServer } from '../../src/tools/testing';

/** A tool whose question's fields are its own arguments (colour, a choice; note, free text) or not (reason). */
const paint = defineTool({
  name: 'paint_room',
  description: 'Paints a room.',
  input: {
    room: z.string().describe('The room.'),
    colour: z.string().optional().describe('The colour.'),
    note: z.string().optional().describe('A note for the painter.'),
  },
  handler: async ({ room, colour }, ctx) => {
    if (colour !== undefined) return `Painted the ${room} ${colour}.`;
    const answer = await ctx.elicit({
      message: `Which colour for the ${room}?`,
      schema: {
        type: 'object',
        properties: {
          colour: { type: 'string', oneOf: [{ const: 'red', title: 'Red' }, { const: 'sky', title: 'Sky blue' }] },
          note: { type: 'string' },
          reason: { type: 'string' },
        },
        required: ['colour'],
      },
    });
    if (answer.action === 'accept') return `Painted the ${room} ${String(answer.content.colour)}.`;
    return `Nothing was painted. ${answer.nextStep}`;
  },
});

/** A tool sending the user to a page. */
const pay = defineTool({
  name: 'pay_invoice',
  description: 'Pays an invoice.',
  input: {},
  handler: async (_input, ctx) => {
    const answer = await ctx.elicit({ mode: 'url', message: 'Confirm the payment in your bank', url: 'https://bank.example/confirm/42', elicitationId: 'pay-42' });
    return answer.action === 'accept' ? 'Paid.' : `Not paid. ${answer.nextStep}`;
  },
});

let api: FakeApi;
let server: TestServer;
beforeAll(async () => {
  api = await startFakeApi({});
  server = await startToolServer({ tools: [paint, pay], apiUrl: api.url });
});
afterAll(async () => {
  await server.close();
  await api.close();
});

const CALL_AGAIN = 'call paint_room again with colour set to one of: red, sky ("Sky blue") and note set to the user\'s answer.';
const EXPECTED = {
  cancel: `Nothing was painted. The question was closed without an answer: "Which colour for the kitchen?" To go on, ask the user, then ${CALL_AGAIN}`,
  decline: `Nothing was painted. The user declined to answer: "Which colour for the kitchen?" If they still want to go on, ask them, then ${CALL_AGAIN}`,
};

const textOf = (result: object) => ((result as { content?: unknown }).content as Array<{ text?: string }>)[0]?.text;

describe.each(['cancel', 'decline'] as const)('a question answered %s', (action) => {
  it.each([
    ['pinned to 2026-07-28', { versionNegotiation: { mode: { pin: '2026-07-28' } } }],
    ['2025 era', {}],
  ])('the SDK v2 client (%s) gets the question, its choices and how to call again', async (_era, negotiation) => {
    const client = new Client({ name: 'headless-host', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } }, ...negotiation } as never);
    let asked = 0;
    client.setRequestHandler('elicitation/create', () => {
      asked += 1;
      return { action };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    try {
      const result = await client.callTool({ name: 'paint_room', arguments: { room: 'kitchen' } });
      expect(asked).toBe(1);
      expect(textOf(result)).toBe(EXPECTED[action]);
    } finally {
      await client.close();
    }
  });

  it('the SDK v1 client (2025 era) gets the same sentence', async () => {
    const client = new ClientV1({ name: 'headless-host-v1', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, () => ({ action }));
    await client.connect(new TransportV1(new URL(`${server.url}/mcp`)));
    try {
      const result = await client.callTool({ name: 'paint_room', arguments: { room: 'kitchen' } });
      expect(textOf(result)).toBe(EXPECTED[action]);
    } finally {
      await client.close();
    }
  });

  it('a URL question names the page to open and the call to make', async () => {
    const client = new Client({ name: 'headless-host', version: '1.0.0' }, { capabilities: { elicitation: { form: {}, url: {} } } } as never);
    client.setRequestHandler('elicitation/create', () => ({ action }));
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    try {
      const result = await client.callTool({ name: 'pay_invoice', arguments: {} });
      expect(textOf(result)).toBe(
        `Not paid. The user did not finish "Confirm the payment in your bank" (${action}). If they still want to go on, ask the user to open https://bank.example/confirm/42, then call pay_invoice again once they are done.`,
      );
    } finally {
      await client.close();
    }
  });
});

describe('a question no one can be asked', () => {
  it('a client without the capability (SDK v1) gets the same next step', async () => {
    const client = new ClientV1({ name: 'no-questions', version: '1.0.0' });
    await client.connect(new TransportV1(new URL(`${server.url}/mcp`)));
    try {
      const result = await client.callTool({ name: 'paint_room', arguments: { room: 'kitchen' } });
      expect(textOf(result)).toBe(`Nothing was painted. This client cannot ask the user: "Which colour for the kitchen?" To go on, ask the user, then ${CALL_AGAIN}`);
    } finally {
      await client.close();
    }
  });

  it("the hub's lane (no channel to the client) gets it too", async () => {
    const { text } = await server.call('paint_room', { room: 'hall' });
    expect(text).toBe(`Nothing was painted. This client cannot ask the user: "Which colour for the hall?" To go on, ask the user, then ${CALL_AGAIN}`);
  });
});
