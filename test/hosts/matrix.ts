// One host through every turn of the matrix, on each path it speaks: the scripted model calls a tool (or
// reads a prompt or a resource) and records what the host handed it; the test asserts on that record.
// Each host's file (*.host.ts) calls `hostMatrix(host)`; the files run in parallel (scripts/host-matrix.sh).
//
// Only MCP_AUTH=headers. OAuth sign-in through a host is in the matrix for mcp-remote alone
// (mcp-remote-oauth.host.ts: it prints the authorization URL and waits on its loopback callback, so the
// test plays the browser with cli/sign-in/form.ts against the bundled authorization server). The others
// are left out, each with its reason (`leftOut['sign-in']`, a to-do turn in the report): Claude Code's and
// Gemini CLI's sign-in starts from their interactive UI (`/mcp`, `/mcp auth`), which would need a terminal
// driver (tmux) besides the scripted browser: not built yet; `codex mcp login` and `opencode mcp auth` open
// a browser and have not been tried with the scripted one. (Client ID Metadata Documents, which Codex and
// Claude Code pick whenever advertised, are off by default in the bundled server: no reason any more.)
// The server's side of those flows is tested with the SDK clients against the local authorization server
// (test/auth, example-api/sign-in.test.ts).
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runChild } from '../support/children';
import { EXPECT, NEW_ORDER, ORDER, PROMPT, VIEW_URI } from './expectations';
import type { Command, Host, McpPath, Place } from './hosts/host';
import type { Recorded, Turn } from './model/turn';
import { SLOW_API_MS, startHostStack, type HostStack } from './support/stack';

const TURN_TIMEOUT_MS = 120_000;

export function hostMatrix(host: Host): void {
  // What the host cannot do is listed with its reason (to-do turns in jest's report), never passed over.
  if (host.leftOut['/sse']) describe(`${host.name} on /sse`, () => it.todo(`left out: ${host.leftOut['/sse']!}`));
  describe(`${host.name} on /mcp (MCP_AUTH=oauth)`, () => it.todo(`its own sign-in — left out: ${host.leftOut['sign-in']}`));
  describe.each(host.paths.map((path) => [path]))(`${host.name} on %s (MCP_AUTH=headers)`, (path: McpPath) => {
    let stack: HostStack;
    let place: Place;
    let running: { stop(): Promise<void> } | undefined;

    beforeAll(async () => {
      stack = await startHostStack();
      const root = mkdtempSync(join(tmpdir(), `host-${host.name}-`));
      place = { home: join(root, 'home'), work: join(root, 'work'), serverUrl: stack.url, modelUrl: stack.model.url, path };
      mkdirSync(place.home, { recursive: true });
      mkdirSync(place.work, { recursive: true });
      await host.prepare(place);
      running = await host.start?.(place);
    }, TURN_TIMEOUT_MS);
    afterAll(async () => {
      await running?.stop();
      await stack?.close();
    });

    /** Runs one headless turn of the host (a user message, or a command); resolves with what it handed the scripted model. */
    async function turn(script: Turn, prompt: string | Command): Promise<Recorded> {
      let recorded: Recorded | undefined;
      void stack.model.script(script).then((value) => (recorded = value));
      const command = typeof prompt === 'string' ? host.turn(place, prompt) : prompt;
      const run = await runChild(command.command, command.args, { cwd: place.work, env: command.env }, TURN_TIMEOUT_MS);
      await new Promise((resolve) => setImmediate(resolve));
      if (recorded === undefined) {
        throw new Error(
          `${host.name} ended (exit ${run.code}) before handing the model what it came for.\n` +
            `model requests:\n${stack.model.journal().join('\n')}\nhost output (end):\n${run.output.slice(-4000)}`,
        );
      }
      return recorded;
    }
    const call = (tool: string, args: Record<string, unknown>) => turn({ call: tool, arguments: args }, `Use the ${tool} tool.`);

    it('a good call: the model is handed the order', async () => {
      expect((await call('get_order', ORDER)).text).toMatch(EXPECT.good);
    }, TURN_TIMEOUT_MS);

    it("the API's 401: the model is handed a sentence to sign in again", async () => {
      await stack.nextApiAnswer({ status: 401 });
      expect((await call('get_order', ORDER)).text).toMatch(EXPECT.unauthorized);
    }, TURN_TIMEOUT_MS);

    it("the API's 403: the model is handed a sentence about permission", async () => {
      await stack.nextApiAnswer({ status: 403 });
      expect((await call('get_order', ORDER)).text).toMatch(EXPECT.forbidden);
    }, TURN_TIMEOUT_MS);

    it("the API's 503: the model is handed an error naming the status", async () => {
      await stack.nextApiAnswer({ status: 503 });
      const { text } = await call('get_order', ORDER);
      for (const words of EXPECT.serverError) expect(text).toMatch(words);
    }, TURN_TIMEOUT_MS);

    it('the API too slow: the model is handed a time-out sentence', async () => {
      await stack.nextApiAnswer({ delayMs: SLOW_API_MS });
      expect((await call('get_order', ORDER)).text).toMatch(EXPECT.timeout);
    }, TURN_TIMEOUT_MS);

    it('invalid arguments: the model is handed a result naming the field', async () => {
      expect((await call('get_order', {})).text).toMatch(EXPECT.invalidArguments);
    }, TURN_TIMEOUT_MS);

    it('a question to the user the host cannot ask: the model is handed that no order was placed, the organisations and the call to make', async () => {
      expect((await call('create_order', NEW_ORDER)).text).toMatch(EXPECT.elicitation);
    }, TURN_TIMEOUT_MS);

    // On /sse too: the hosts negotiate a revision that has structuredContent (the hub itself, 2024-11-05, gets text alone).
    it(`a result with structuredContent: the model is handed ${host.reads === 'text' ? 'the text' : 'the structuredContent (the JSON)'}`, async () => {
      const { text } = await call('search_orders', { limit: 2 });
      const [handed, other] = host.reads === 'structuredContent' ? [EXPECT.structured, EXPECT.text] : [EXPECT.text, EXPECT.structured];
      expect(text).toMatch(handed);
      expect(text).not.toMatch(other);
    }, TURN_TIMEOUT_MS);

    // The hub's lane (/sse) lists no prompt and no view (docs/prompts-and-requests.md, docs/views.md): those
    // turns are for /mcp only.
    const prompt = path === '/mcp' ? host.prompt : undefined;
    if (path === '/mcp' && host.leftOut.prompt) it.todo(`a prompt — left out: ${host.leftOut.prompt}`);
    if (prompt) {
      it('a prompt: the model is handed its text as the user message', async () => {
        expect((await turn({ read: 'user-message' }, prompt(place, PROMPT.name, PROMPT.customer))).text).toMatch(EXPECT.prompt);
      }, TURN_TIMEOUT_MS);
    }

    const readResource = path === '/mcp' ? host.readResource : undefined;
    if (path === '/mcp' && host.leftOut.resource) it.todo(`a resource — left out: ${host.leftOut.resource}`);
    if (readResource) {
      const withheld = host.viewByUri !== 'page';
      it(`a resource: the example view, which the host cannot show, ${withheld ? 'is not handed to the model' : 'read by its URI: the model is handed the short page naming the tool'}`, async () => {
        const { call: tool, arguments: args } = readResource(VIEW_URI);
        const { text } = await turn({ call: tool, arguments: args }, 'Read the search_orders view.');
        expect(text).not.toMatch(EXPECT.resource);
        if (withheld) {
          expect(text).toMatch(EXPECT.resourceWithheld);
        } else {
          expect(text).toMatch(EXPECT.resourcePage);
          expect(text.length).toBeLessThan(EXPECT.resourcePageMaxChars);
        }
      }, TURN_TIMEOUT_MS);
    }
  });
}
