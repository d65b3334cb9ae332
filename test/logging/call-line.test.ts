// The hand-built call line (src/logging/call-line.ts) against pino's own: the same bytes for every shape
// of field a call line has, pino's path for everything it would write differently, and nothing lost on
// the way to a real stdout (a child process whose output is read back).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createLogger, type Logger } from '../../src/logger';
import type { LogShape } from '../../src/logging/settings';
import { writeCallLine, type CallLineFields, type CallLineLevel } from '../../src/logging/call-line';
import { CALL_OUTCOMES } from '../../src/telemetry/outcomes';

function capture(level = 'trace', shape?: LogShape, worker?: number): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: createLogger({ level, destination, shape, worker }), lines };
}

/** A line's time in epoch milliseconds, whichever way it is written (LOG_TIME). */
function timeOf(line: string): number {
  const { time } = JSON.parse(line) as { time: number | string };
  return typeof time === 'number' ? time : Date.parse(time);
}

/** `fields` in the order finishCall builds them (src/tools/finish-call.ts): the order pino writes keys in. */
function inOrder({ tool, requestId, userId, outcome, code, cause, host, upstreamMethod, upstreamPath, upstreamStatus, durationMs }: CallLineFields): CallLineFields {
  return { tool, requestId, userId, outcome, code, cause, host, upstreamMethod, upstreamPath, upstreamStatus, durationMs };
}

/** Writes `fields` both ways and returns the two lines, each with its time set to 0 once checked. */
function bothWays(unordered: CallLineFields, level: CallLineLevel = 'info', msg = 'tool call', shape?: LogShape, worker?: number): { direct: string; pino: string } {
  const fields = inOrder(unordered);
  const ours = capture('trace', shape, worker);
  const theirs = capture('trace', shape, worker);
  const before = Date.now();
  writeCallLine(ours.logger, level, fields, msg);
  theirs.logger[level](fields, msg);
  const after = Date.now();
  expect(ours.lines).toHaveLength(1);
  expect(theirs.lines).toHaveLength(1);
  const time = timeOf(ours.lines[0]!);
  expect(time).toBeGreaterThanOrEqual(before);
  expect(time).toBeLessThanOrEqual(after);
  const untimed = (line: string) => line.replace(/"time":(\d+|"[^"]*"),/, '"time":0,');
  return { direct: untimed(ours.lines[0]!), pino: untimed(theirs.lines[0]!) };
}

const base: CallLineFields = {
  tool: 'get_order',
  requestId: '3f1c2b9e-8d7a-4c6b-9e5f-000000000001',
  userId: 'u-100',
  outcome: 'ok',
  code: undefined,
  upstreamStatus: 200,
  durationMs: 1.3,
};

describe('the call line written by hand', () => {
  it("in a cluster worker, carries the worker's number where pino writes it (after the time), in every shape", () => {
    for (const shape of [undefined, { format: 'json', levelNames: true, isoTime: true } as const]) {
      const { direct, pino: theirs } = bothWays(base, 'info', 'tool call', shape, 2);
      expect(direct).toBe(theirs);
      expect(JSON.parse(direct)).toMatchObject({ worker: 2, tool: 'get_order' });
      expect(bothWays(base, 'warn', 'tool call failed upstream', shape, 7).direct).toMatch(/^\{"level":(40|"warn"),"time":0,"instance":"[^"]+","worker":7,"tool":/);
    }
  });

  it('is the line pino writes, byte for byte, for every outcome and field shape a call has', () => {
    const cases: CallLineFields[] = [
      base,
      ...CALL_OUTCOMES.map((outcome) => ({ ...base, outcome })),
      { ...base, userId: undefined },
      { ...base, code: 'RATE_LIMITED' },
      { ...base, code: 'HUB_NOT_FOUND', upstreamStatus: undefined },
      { ...base, upstreamStatus: 503, durationMs: 10_000.4 },
      { ...base, durationMs: 0 },
      { ...base, durationMs: 123_456_789.1 },
      { ...base, tool: undefined },
      // The widest ids isSafeId lets through: printable ASCII, 128 characters, punctuation included.
      { ...base, requestId: "!#$%&'()*+,-./:;<=>?@[]^_`{|}~".padEnd(128, 'x'), userId: 'auth0|5f7c8ec7c33c6c004bbafe82' },
      { ...base, userId: 'sub:Zm9vYmFyYmF6cXV4cXV1eA' },
      // A failed call's cause and host.
      { ...base, outcome: 'upstream_unreachable', cause: 'ECONNREFUSED', host: 'api.example.com:8443', upstreamStatus: undefined },
      { ...base, outcome: 'hub_error', code: 'HUB_NOT_CONFIGURED', cause: 'not configured (HUB_URL)', upstreamStatus: 200 },
      { ...base, outcome: 'upstream_timeout', cause: 'timeout', host: '[::1]:9000' },
      // The upstream request of a call that failed there, by its path template.
      { ...base, outcome: 'upstream_4xx', upstreamMethod: 'POST', upstreamPath: '/v1/customers/:customer', upstreamStatus: 400 },
      { ...base, outcome: 'upstream_timeout', cause: 'timeout', host: 'api:80', upstreamMethod: 'GET', upstreamPath: '/repos/:owner/:repo/issues/:issue_number' },
    ];
    for (const fields of cases) {
      const { direct, pino: expected } = bothWays(fields);
      expect(direct).toBe(expected);
    }
    const warn = bothWays({ ...base, outcome: 'upstream_5xx', upstreamStatus: 502 }, 'warn', 'tool call failed upstream');
    expect(warn.direct).toBe(warn.pino);
    expect(warn.direct.startsWith('{"level":40,')).toBe(true);
  });

  it('leaves every field pino would escape or bound to pino, with the same result', () => {
    const odd = [
      'quote " inside',
      'back\\slash',
      'new\nline',
      'tab\tand\u0000nul',
      'café ☕',
      'lone \ud800 surrogate',
      'x'.repeat(201),
      'y'.repeat(5000),
    ];
    for (const value of odd) {
      for (const fields of [
        { ...base, tool: value },
        { ...base, requestId: value },
        { ...base, userId: value },
        { ...base, code: value },
        { ...base, cause: value },
        { ...base, host: value },
        { ...base, upstreamPath: value },
      ]) {
        const { direct, pino: expected } = bothWays(fields);
        expect(direct).toBe(expected);
        expect(() => JSON.parse(direct) as unknown).not.toThrow();
      }
    }
    // A number pino writes as null.
    const infinite = bothWays({ ...base, durationMs: Number.POSITIVE_INFINITY });
    expect(infinite.direct).toBe(infinite.pino);
  });

  it.each<[string, LogShape, RegExp]>([
    ['LOG_LEVEL_NAMES=true', { format: 'json', levelNames: true, isoTime: false }, /^\{"level":"(info|warn)","time":\d+,/],
    ['LOG_TIME=iso', { format: 'json', levelNames: false, isoTime: true }, /^\{"level":(30|40),"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z",/],
    ['both', { format: 'json', levelNames: true, isoTime: true }, /^\{"level":"(info|warn)","time":"\d{4}-[^"]+Z",/],
  ])('is the line pino writes with %s, at info and at warn', (_name, shape, start) => {
    for (const [level, msg] of [['info', 'tool call'], ['warn', 'tool call failed upstream']] as const) {
      const ours = capture('trace', shape);
      writeCallLine(ours.logger, level, base, msg);
      expect(ours.lines[0]).toMatch(start);
      const { direct, pino: expected } = bothWays({ ...base, cause: 'ECONNREFUSED', host: 'h:1' }, level, msg, shape);
      expect(direct).toBe(expected);
    }
  });

  it('writes nothing below the logger level, at info and at warn', () => {
    const quiet = capture('warn');
    writeCallLine(quiet.logger, 'info', base, 'tool call');
    expect(quiet.lines).toHaveLength(0);
    writeCallLine(quiet.logger, 'warn', { ...base, outcome: 'upstream_timeout' }, 'tool call failed upstream');
    expect(quiet.lines).toHaveLength(1);
    const silent = capture('error');
    writeCallLine(silent.logger, 'warn', base, 'tool call failed upstream');
    expect(silent.lines).toHaveLength(0);
  });

  it("takes pino's path for a child logger (its bindings) and for a logger that is not createLogger's", () => {
    const { logger, lines } = capture();
    writeCallLine(logger.child({ worker: 2 }), 'info', base, 'tool call');
    expect(JSON.parse(lines[0]!)).toMatchObject({ worker: 2, tool: 'get_order', outcome: 'ok', msg: 'tool call' });

    const seen: string[] = [];
    const foreign = pino({ base: { pid: 1 } }, { write: (line: string) => void seen.push(line) });
    writeCallLine(foreign, 'info', base, 'tool call');
    expect(JSON.parse(seen[0]!)).toMatchObject({ pid: 1, requestId: base.requestId, durationMs: 1.3 });
  });

  it('reaches a multistream with its level (which reads pino side channel)', () => {
    const info: string[] = [];
    const warn: string[] = [];
    const streams = pino.multistream([
      { level: 'info', stream: { write: (line: string) => void info.push(line) } },
      { level: 'warn', stream: { write: (line: string) => void warn.push(line) } },
    ]);
    const logger = createLogger({ level: 'info', destination: streams });
    writeCallLine(logger, 'info', base, 'tool call');
    writeCallLine(logger, 'warn', { ...base, outcome: 'upstream_5xx' }, 'tool call failed upstream');
    expect(info).toHaveLength(2);
    expect(warn).toHaveLength(1);
    expect(JSON.parse(warn[0]!)).toMatchObject({ level: 40, outcome: 'upstream_5xx' });
  });
});

const TSX = pathToFileURL(require.resolve('tsx')).href;

describe('stdout, batched', () => {
  // A child process with the real stdout logger: lines are gathered in memory, so the test is whether
  // every one of them comes out, in order, on each way a process ends.
  const script = (ending: string) => `
    const { createLogger } = require(${JSON.stringify(join(__dirname, '../../src/logger'))});
    const { writeCallLine } = require(${JSON.stringify(join(__dirname, '../../src/logging/call-line'))});
    const logger = createLogger({ level: 'info' });
    for (let i = 0; i < 1000; i++) {
      writeCallLine(logger, 'info', { tool: 't', requestId: 'r' + i, userId: undefined, outcome: 'ok', durationMs: i }, 'tool call');
      if (i % 100 === 0) logger.info({ n: i }, 'caf\\u00e9 \\u2615');
      // Longer than a batch (16 KiB at 3 bytes a unit): handed over on its own, between its neighbours.
      if (i === 500) logger.info({ parts: Array.from({ length: 20 }, (_, j) => Array.from({ length: 20 }, (_, k) => '\\u2615'.repeat(150) + j + k)) }, 'long');
    }
    ${ending}
  `;

  it.each([
    ['process.exit', 'process.exit(0);'],
    ['logger.flush and exit', 'logger.flush(() => process.exit(0));'],
    ['the event loop emptying', 'setTimeout(() => undefined, 10);'],
    ['an uncaught exception', "setTimeout(() => { throw new Error('boom'); }, 5);"],
  ])('writes every line when the process ends by %s', (_name, ending) => {
    const run = spawnSync(process.execPath, ['--import', TSX, '-e', script(ending)], { encoding: 'utf8', timeout: 30_000 });
    const lines = run.stdout.split('\n').filter((line) => line !== '');
    expect(lines).toHaveLength(1011);
    const long = lines.findIndex((line) => line.includes('"msg":"long"'));
    expect(JSON.parse(lines[long - 1]!)).toMatchObject({ n: 500 });
    expect(JSON.parse(lines[long + 1]!)).toMatchObject({ requestId: 'r501' });
    expect((JSON.parse(lines[long]!) as { parts: string[][] }).parts.flat().join('').length).toBeGreaterThan(5_461);
    const calls = lines.filter((line) => !line.includes('"msg":"long"')).map((line) => JSON.parse(line) as { requestId?: string; msg: string }).filter((line) => line.msg === 'tool call');
    expect(calls.map((line) => line.requestId)).toEqual(Array.from({ length: 1000 }, (_, i) => `r${i}`));
    expect(lines.filter((line) => line.includes('café ☕'))).toHaveLength(10);
  });
});
