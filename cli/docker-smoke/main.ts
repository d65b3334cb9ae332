// Runs the Dockerfile's steps as plain commands on a copy of the project (no container engine here), then
// starts the image's CMD against a stand-in API and runs its HEALTHCHECK: the Dockerfile cannot rot.
// Each stage gets its own folder as its filesystem root; `WORKDIR /app` is <stage>/app.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandInApi } from '../conformance/stand-in-api';
import { startServer } from '../conformance/start-server';
import { listen } from '../../src/http/listen';
import { copyContext } from './context';
import { execForm, parseDockerfile, parseEnv } from './dockerfile';

/** node:http, not fetch: fetch may not set Host. */
function post(port: string, path: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const say = (line: string) => process.stdout.write(`docker-smoke: ${line}\n`);
const shellQuote = (part: string) => `'${part.replaceAll("'", "'\\''")}'`;

async function main(root: string): Promise<void> {
  const stages = parseDockerfile(readFileSync(join(root, 'Dockerfile'), 'utf8'));
  const work = mkdtempSync(join(tmpdir(), 'docker-smoke-'));
  try {
    const context = join(work, 'context');
    copyContext(root, context);
    const dirs = new Map<string, string>();
    let final = { dir: '', workdir: '/', env: {} as Record<string, string>, user: 'root', cmd: [] as string[], health: [] as string[] };
    for (const stage of stages) {
      const dir = join(work, 'stages', stage.name);
      mkdirSync(dir, { recursive: true });
      dirs.set(stage.name, dir);
      let workdir = '/';
      const env: Record<string, string> = {};
      let user = 'root';
      let cmd: string[] = [];
      let health: string[] = [];
      const at = (path: string) => join(dir, path.startsWith('/') ? path : join(workdir, path));
      say(`stage ${stage.name} (FROM ${stage.image})`);
      for (const { keyword, args } of stage.instructions) {
        if (keyword === 'WORKDIR') mkdirSync(at((workdir = args)), { recursive: true });
        else if (keyword === 'ENV') Object.assign(env, parseEnv(args));
        else if (keyword === 'USER') user = args;
        else if (keyword === 'CMD') cmd = execForm(args);
        else if (keyword === 'HEALTHCHECK') health = execForm(args.replace(/^.*?\bCMD\s+/, ''));
        else if (keyword === 'COPY') {
          const parts = args.split(/\s+/);
          const from = parts[0]?.startsWith('--from=') ? parts.shift()!.slice(7) : undefined;
          const dest = parts.pop() ?? '.';
          for (const source of parts) {
            const origin = from ? join(dirs.get(from) ?? '', source) : join(context, source);
            const target = dest.endsWith('/') || parts.length > 1 || dest === '.' ? join(at(dest), source === '.' ? '' : source.split('/').pop()!) : at(dest);
            cpSync(origin, target, { recursive: true });
          }
        } else if (keyword === 'RUN') {
          say(`  RUN ${args}`);
          const run = spawnSync('bash', ['-c', args], { cwd: at('.'), env: { ...process.env, ...env }, stdio: 'inherit' });
          if (run.status !== 0) throw new Error(`RUN ${args} failed (${run.status ?? run.signal})`);
        }
      }
      final = { dir, workdir, env, user, cmd, health };
    }
    if (final.user === 'root' || final.user === '0') throw new Error('the final stage runs as root: add USER');
    if (final.cmd.length === 0 || final.health.length === 0) throw new Error('the final stage needs a CMD and a HEALTHCHECK … CMD');

    const api = await startStandInApi();
    const free = await listen(createServer());
    const port = new URL(free.url).port;
    await free.close();
    const cwd = join(final.dir, final.workdir);
    // What production requires (src/config.ts): the hub's secret and the names this server answers to.
    const secret = randomBytes(24).toString('hex');
    const env = { ...final.env, PORT: port, CUSTOMER_API_URL: api.url, HUB_SECRETS: secret, ALLOWED_HOSTS: 'tools.example.com' };
    say(`CMD ${final.cmd.join(' ')} (as ${final.user}, PORT=${port}, CUSTOMER_API_URL=${api.url})`);
    const server = await startServer(`cd ${shellQuote(cwd)} && exec ${final.cmd.map(shellQuote).join(' ')}`, `http://127.0.0.1:${port}`, env);
    try {
      // Not spawnSync: the stand-in API lives in this process and must keep answering the server's probe.
      const health = spawn(final.health[0]!, final.health.slice(1), { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
      const [status] = (await once(health, 'exit')) as [number | null];
      if (status !== 0) throw new Error(`HEALTHCHECK failed (${status})\n${server.output().slice(-1000)}`);
      say('HEALTHCHECK passed');
      const list = await post(port, '/messages', '{"jsonrpc":"2.0","id":1,"method":"tools/list"}', {
        host: 'tools.example.com',
        'x-hub-secret': secret,
      });
      if (list.status !== 200) throw new Error(`tools/list answered ${list.status}: ${list.body}`);
      say(`tools/list answered 200 with ${(JSON.parse(list.body) as { result?: { tools?: unknown[] } }).result?.tools?.length ?? 0} tool(s)`);
    } finally {
      await server.stop();
      await api.close();
    }
    say('the image builds and starts');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main(process.cwd()).catch((error: unknown) => {
  process.stderr.write(`docker-smoke: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
