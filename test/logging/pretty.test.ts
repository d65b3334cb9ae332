// Pretty log lines for a person at a terminal, JSON for everyone else. The choice of format,
// the real pino-pretty on a sink (the hand-built call line included), and the fallback to JSON when
// pino-pretty is not installed.
import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../src/logger';
import { writeCallLine } from '../../src/logging/call-line';
import { loadPinoPretty, wantsPretty, type LoadPretty } from '../../src/logging/pretty';
import type { LogShape } from '../../src/logging/settings';

function capture(shape: LogShape, where: { terminal: boolean; production: boolean }, loadPretty?: LoadPretty): { logger: Logger; text: () => string } {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: createLogger({ level: 'info', destination, shape, where, loadPretty }), text: () => chunks.join('') };
}

const auto: LogShape = { format: 'auto', levelNames: false, isoTime: false };
const terminal = { terminal: true, production: false };

describe('wantsPretty', () => {
  it.each([
    ['auto', true, false, true],
    ['auto', false, false, false],
    ['auto', true, true, false],
    ['json', true, false, false],
    ['pretty', false, false, true],
  ] as const)('LOG_FORMAT=%s, terminal %s, production %s: %s', (format, isTerminal, production, expected) => {
    expect(wantsPretty(format, { terminal: isTerminal, production })).toBe(expected);
  });
});

describe('the pretty logger', () => {
  it('writes text a person reads, with the level name, the message, and the fields below, the call line too', () => {
    const { logger, text } = capture(auto, terminal);
    logger.info({ url: 'http://127.0.0.1:3000' }, 'tool server listening');
    writeCallLine(logger, 'warn', { tool: 'get_order', requestId: 'r-1', userId: undefined, outcome: 'upstream_unreachable', cause: 'ECONNREFUSED', host: 'api:8080', durationMs: 3.2 }, 'tool call failed upstream');
    const lines = text().split('\n');
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: tool server listening$/);
    expect(lines[1]).toBe('    url: "http://127.0.0.1:3000"');
    expect(text()).toMatch(/\] WARN: tool call failed upstream\n(.*\n)*\s+cause: "ECONNREFUSED"\n\s+host: "api:8080"/);
    expect(text()).not.toContain('{"level"');
    // No colour codes into a destination that is not the terminal itself.
    expect(text()).not.toContain('\u001b[');
  });

  it('keeps credentials out as the JSON logger does: headers by allowlist', () => {
    const { logger, text } = capture(auto, terminal);
    logger.info({ headers: { authorization: 'Bearer secret-zq', accept: 'application/json' } }, 'request');
    expect(text()).toContain('[redacted]');
    expect(text()).not.toContain('secret-zq');
  });

  it('loads pino-pretty from the installed development dependencies', () => {
    expect(typeof loadPinoPretty({ colorize: false })).toBe('function');
  });
});

describe('without pino-pretty (a production install)', () => {
  const missing: LoadPretty = () => undefined;

  it('LOG_FORMAT=auto on a terminal writes JSON, saying nothing', () => {
    const { logger, text } = capture(auto, terminal, missing);
    logger.info('hello');
    expect(JSON.parse(text())).toMatchObject({ level: 30, msg: 'hello' });
  });

  it('LOG_FORMAT=pretty writes JSON with one warning saying why', () => {
    const { logger, text } = capture({ ...auto, format: 'pretty' }, terminal, missing);
    logger.info('hello');
    const lines = text().trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, msg: 'LOG_FORMAT=pretty, but pino-pretty (a development dependency) is not installed: logging JSON' }),
      expect.objectContaining({ level: 30, msg: 'hello' }),
    ]);
  });

  it('is never asked for in production or when stdout is not a terminal', () => {
    let asked = 0;
    const counting: LoadPretty = () => {
      asked++;
      return undefined;
    };
    capture(auto, { terminal: true, production: true }, counting).logger.info('x');
    capture(auto, { terminal: false, production: false }, counting).logger.info('x');
    capture({ ...auto, format: 'json' }, terminal, counting).logger.info('x');
    expect(asked).toBe(0);
  });
});
