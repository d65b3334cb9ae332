// Output a person can read, through the real entry point: pretty log lines on a terminal
// (JSON when piped, in production, or when pino-pretty is not installed), a busy port as one sentence
// naming the setting, and a misspelt variable named in a warning without its value.
import { once } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listen, type Listening } from '../../src/http/listen';
import { startEntry } from '../support/entry';
import { freePort } from '../support/processes';
import { describeUnless, examplesMissing } from '../support/template-tree';
import { noTerminal, runInTerminal } from '../support/terminal';

const ROOT = join(__dirname, '../..');
const API = 'http://127.0.0.1:9';

let held: Listening;
let port: string;
let dir: string;
beforeAll(async () => {
  // A port this test holds: the entry point must find it busy.
  held = await listen(createServer());
  port = new URL(held.url).port;
  dir = mkdtempSync(join(tmpdir(), 'readable-output-'));
});
afterAll(async () => {
  await held.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A test that needs a pseudo-terminal: skipped, saying why, where `script` is missing. */
const onTerminal = (name: string, fn: () => Promise<void>) => (noTerminal === undefined ? it(name, fn) : it.skip(`${name} (skipped: ${noTerminal})`, fn));

const jsonLines = (output: string) => output.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);

describe('a busy port', () => {
  it('is one sentence naming the port and PORT, exit 1, no EADDRINUSE stack', async () => {
    const entry = startEntry({ cwd: dir, env: { PORT: port, HOST: '127.0.0.1', CUSTOMER_API_URL: API } });
    const [code] = (await once(entry.child, 'close')) as [number | null];
    expect(code).toBe(1);
    expect(entry.output()).toContain(`Port ${port} is already in use (PORT). Stop the other process or set PORT to a free port.\n`);
    expect(entry.output()).not.toMatch(/EADDRINUSE|\n\s+at /);
  });

  it('for METRICS_PORT names METRICS_PORT', async () => {
    const entry = startEntry({ cwd: dir, env: { PORT: '0', HOST: '127.0.0.1', METRICS_PORT: port, CUSTOMER_API_URL: API } });
    const [code] = (await once(entry.child, 'close')) as [number | null];
    expect(code).toBe(1);
    expect(entry.output()).toContain(`Port ${port} is already in use (METRICS_PORT). Stop the other process or set METRICS_PORT to a free port.\n`);
  });

  // A fork that removed the examples has no example API to start: there CUSTOMER_API_URL is required instead.
  (examplesMissing === undefined ? it : it.skip)('for the bundled example API (no CUSTOMER_API_URL) names EXAMPLE_API_PORT', async () => {
    const entry = startEntry({ cwd: dir, env: { PORT: '0', HOST: '127.0.0.1', EXAMPLE_API_PORT: port } });
    const [code] = (await once(entry.child, 'close')) as [number | null];
    expect(code).toBe(1);
    expect(entry.output()).toContain(`Port ${port} is already in use (EXAMPLE_API_PORT). Stop the other process or set EXAMPLE_API_PORT to a free port.\n`);
    expect(entry.output()).not.toMatch(/EADDRINUSE|\n\s+at /);
  });
});

describeUnless(examplesMissing)('EXAMPLE_API_PORT', () => {
  it('puts the bundled example API on that port, where its demo failure control answers', async () => {
    const apiPort = await freePort();
    const entry = startEntry({ cwd: dir, env: { PORT: '0', HOST: '127.0.0.1', EXAMPLE_API_PORT: String(apiPort) } });
    try {
      await entry.waitFor('tool server listening');
      const started = jsonLines(entry.output()).find((line) => line.msg === 'CUSTOMER_API_URL is not set: started the bundled example customer API');
      expect(started?.customerApiUrl).toBe(`http://127.0.0.1:${apiPort}`);
      const demo = await fetch(`http://127.0.0.1:${apiPort}/_demo/next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 503 }) });
      expect(demo.status).toBe(204);
    } finally {
      entry.stop();
    }
  });

  it('equal to PORT is refused at start, naming both', async () => {
    const entry = startEntry({ cwd: dir, env: { PORT: '4321', HOST: '127.0.0.1', EXAMPLE_API_PORT: '4321' } });
    const [code] = (await once(entry.child, 'close')) as [number | null];
    expect(code).toBe(1);
    expect(entry.output()).toContain('EXAMPLE_API_PORT: must differ from PORT');
  });
});

describe('a variable close to a setting', () => {
  it('is named in a warning at start with the setting meant, never with its value', async () => {
    const entry = startEntry({ cwd: dir, env: { PORT: port, HOST: '127.0.0.1', CUSTOMER_API_URL: API, CUSTOMR_API_URL: 'http://secret-value-zq', HOME: '/home/x', npm_config_cache: '/c' } });
    await once(entry.child, 'close');
    const warnings = jsonLines(entry.output()).filter((line) => line.level === 40);
    expect(warnings.map((line) => line.msg)).toEqual(['CUSTOMR_API_URL is not a setting of this server: did you mean CUSTOMER_API_URL?']);
    expect(entry.output()).not.toContain('secret-value-zq');
  });
});

describe('log lines', () => {
  it('are JSON when stdout is not a terminal', async () => {
    const entry = startEntry({ cwd: dir, env: { PORT: port, HOST: '127.0.0.1', CUSTOMER_API_URL: API, LOG_LEVEL_NAMES: 'true', LOG_TIME: 'iso' } });
    await once(entry.child, 'close');
    expect(jsonLines(entry.output())[0]).toMatchObject({ level: 'info', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), msg: 'no .env file: settings from the environment only' });
  });

  onTerminal('are pretty text on a terminal outside production', async () => {
    const { code, output } = await runInTerminal({ cwd: dir, env: { PORT: port, HOST: '127.0.0.1', CUSTOMER_API_URL: API } });
    expect(code).toBe(1);
    expect(output).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: no \.env file: settings from the environment only$/m);
    expect(output).not.toContain('{"level"');
    expect(output).toContain(`Port ${port} is already in use (PORT).`);
  });

  onTerminal('are JSON on a terminal in production, and with LOG_FORMAT=json', async () => {
    const production = { NODE_ENV: 'production', CALLER_AUTH: 'off', PORT: port, HOST: '127.0.0.1', CUSTOMER_API_URL: API };
    for (const env of [production, { PORT: port, HOST: '127.0.0.1', CUSTOMER_API_URL: API, LOG_FORMAT: 'json' }]) {
      const { output } = await runInTerminal({ cwd: dir, env });
      expect(jsonLines(output).length).toBeGreaterThan(0);
      expect(output).not.toContain('INFO:');
    }
  });
});

describe('an install without development dependencies (no pino-pretty)', () => {
  let copy: string;
  beforeAll(() => {
    // The framework alone, with every installed package but pino-pretty.
    copy = mkdtempSync(join(tmpdir(), 'no-dev-deps-'));
    cpSync(join(ROOT, 'src'), join(copy, 'src'), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(copy, 'package.json'));
    writeFileSync(join(copy, 'tools.ts'), "import type { Tool } from './src/tools';\nexport const tools: readonly Tool[] = [];\n");
    mkdirSync(join(copy, 'node_modules'));
    for (const name of readdirSync(join(ROOT, 'node_modules'))) {
      if (name !== 'pino-pretty') symlinkSync(join(ROOT, 'node_modules', name), join(copy, 'node_modules', name));
    }
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  onTerminal('starts and logs JSON on a terminal; LOG_FORMAT=pretty says pino-pretty is missing', async () => {
    const auto = await runInTerminal({ cwd: copy, entry: join(copy, 'src/index.ts'), env: { PORT: port, HOST: '127.0.0.1', CUSTOMER_API_URL: API } });
    expect(jsonLines(auto.output)[0]).toMatchObject({ level: 30, msg: 'no .env file: settings from the environment only' });
    expect(auto.output).toContain(`Port ${port} is already in use (PORT).`);

    const pretty = await runInTerminal({ cwd: copy, entry: join(copy, 'src/index.ts'), env: { PORT: port, HOST: '127.0.0.1', CUSTOMER_API_URL: API, LOG_FORMAT: 'pretty' } });
    expect(jsonLines(pretty.output)[0]).toMatchObject({ level: 40, msg: expect.stringContaining('pino-pretty (a development dependency) is not installed: logging JSON') });
  });
});
