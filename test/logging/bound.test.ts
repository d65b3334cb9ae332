// Control and bidirectional characters are written as escapes (`\u202e`) in every bounded log string and
// in every name an answer repeats to a client: a right-to-left override must not reorder a log viewer's
// line or a client's error sentence.
import { createLogger } from '../../src/logger';
import { boundString, escapeControls } from '../../src/logging/bound';
import { logSink } from '../support/log-sink';
import { post2025 } from '../support/mcp-post';
import { callTool, postDirect } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';

const RLO = '\u202e';
/** Every character the rule names: RLO and the other overrides and embeddings, isolates, marks, C0, DEL and C1, line separators. */
const CONTROLS = ['\u202e', '\u202a', '\u202d', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c', '\u0000', '\u001b', '\u007f', '\u0085', '\u009b', '\u2028', '\u2029', '\n', '\r'];
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('escaping display controls', () => {
  it.each(CONTROLS.map((char) => [char.charCodeAt(0).toString(16).padStart(4, '0'), char]))('boundString writes U+%s as its escape', (hex, char) => {
    expect(boundString(`a${char}b`)).toBe(`a\\u${hex}b`);
  });

  it('leaves ordinary text, accents and scripts as they are, and cuts before escaping', () => {
    expect(boundString('Grüße, 東京, مرحبا')).toBe('Grüße, 東京, مرحبا');
    expect(boundString(`${RLO}${'x'.repeat(300)}`, 10)).toBe(`\\u202e${'x'.repeat(9)}…[291 more]`);
  });

  it('keeps an error stack\'s line feeds and tabs when asked, and escapes the rest', () => {
    expect(escapeControls(`Error: x${RLO}\n\tat f`, true)).toBe('Error: x\\u202e\n\tat f');
  });

  it('a logged field, message, key and error carry no raw control: each is written as its escape', () => {
    const sink = logSink();
    const logger = createLogger({ level: 'info', destination: sink.stream, instance: 'test' });
    logger.info({ tool: `cod${RLO}exe.doc`, nested: { [`k${RLO}`]: `v\u001b[31m` } }, `msg${RLO}`);
    logger.error({ err: new Error(`bad${RLO}name`) }, 'failed');
    const text = sink.text();
    // Between lines, the only raw control is the line feed that ends each one.
    expect(text.split('\n').join('')).not.toMatch(ANY_CONTROL);
    const [first, second] = text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(first).toMatchObject({ tool: 'cod\\u202eexe.doc', nested: { 'k\\u202e': 'v\\u001b[31m' }, msg: 'msg\\u202e' });
    expect((second?.err as { message: string }).message).toBe('bad\\u202ename');
  });

  describe('names a client sent, repeated in an answer and in the log', () => {
    let stack: Stack;
    beforeAll(async () => {
      stack = await startStack();
    });
    afterAll(() => stack.close());

    it('an unknown tool named with U+202E is answered and logged with the escape, on POST /messages and POST /mcp', async () => {
      const name = `get${RLO}redro`;
      const direct = await postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool(name) });
      const mcp = await post2025(stack.url, 'tools/call', { name, arguments: {} });
      for (const message of [direct.json?.error?.message, mcp.json.error?.message]) {
        expect(message).toBe('Unknown tool: get\\u202eredro');
      }
      const text = stack.logText();
      expect(text).toContain('get\\\\u202eredro'); // the escape, as JSON writes a backslash
      expect(text).not.toContain(RLO);
    });

    it('an unknown method named with U+202E and an ANSI escape is answered with the escapes', async () => {
      const { json } = await post2025(stack.url, `tools/${RLO}\u001b[2Jlist`);
      expect(json.error).toMatchObject({ code: -32601, message: 'Method not found: tools/\\u202e\\u001b[2Jlist' });
    });
  });
});
