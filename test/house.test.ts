// A house without circles: no file of the project imports itself through others, and in src/
// no floor imports a floor above it (docs/forking.md, "The floors of src/"). The imports are the
// compiler's own (`tsc --explainFiles`): type-only ones, `export … from` and `import()` included.
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { runChild } from './support/children';
import { ROOT } from './support/project-copy';

/** The project's own code: where a circle or a floor counts. */
const ROOTS = ['src', 'cli', 'auth-server', 'hub-emulator', 'tools', 'example-api', 'bench'];

/**
 * The floors of src/, lowest first: a file may import its own floor and the ones below. A file takes the
 * floor of its exact path, else of its longest folder; the other files at src/'s root compose the server.
 */
const FLOORS: ReadonlyArray<readonly [floor: number, name: string, paths: readonly string[]]> = [
  [0, 'foundations', ['src/config-fields.ts', 'src/call-signal.ts', 'src/logger.ts', 'src/logging/', 'src/http/', 'src/health/']],
  [1, 'telemetry', ['src/telemetry/']],
  [2, 'the outside world', ['src/protocol/', 'src/upstream/', 'src/hub/', 'src/limits/', 'src/door/', 'src/auth/']],
  [3, 'definitions', ['src/tools/', 'src/resources/', 'src/prompts/']],
  [4, 'protocol and transport', ['src/mcp/', 'src/sessions/', 'src/cluster/', 'src/card/']],
  [5, 'composition', ['src/*.ts', 'src/assembly/', 'src/tools/testing/']],
];

function floorOf(file: string): { floor: number; name: string } | undefined {
  let best: { floor: number; name: string; length: number } | undefined;
  for (const [floor, name, paths] of FLOORS) {
    for (const path of paths) {
      const length = path === file ? Infinity : path.endsWith('/') && file.startsWith(path) ? path.length : path === 'src/*.ts' && /^src\/[^/]+$/.test(file) ? 1 : 0;
      if (length > (best?.length ?? 0)) best = { floor, name, length };
    }
  }
  return best && { floor: best.floor, name: best.name };
}

const ours = (file: string) => ROOTS.some((root) => file.startsWith(`${root}/`)) && !file.includes('node_modules/');

/** Every TypeScript file under the project's own folders. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(name) ? [relative(ROOT, path).split(sep).join('/')] : [];
  });
}

/**
 * Each project file's relative imports, as the compiler resolved them: `--explainFiles` prints every file
 * of the program, then one indented line per import of it ("Imported via './x' from file 'src/y.ts'").
 * An `import()` the compiler cannot resolve (here, a relative one without `.js`) fails the type check.
 */
async function importsOf(project: string) {
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const run = await runChild(process.execPath, [tsc, '-p', project, '--noEmit', '--noCheck', '--explainFiles'], { cwd: ROOT });
  const files = new Set<string>();
  const edges: Array<[from: string, to: string]> = [];
  let file = '';
  for (const line of run.stdout.split('\n')) {
    if (!/^\s/.test(line)) {
      file = line.trim();
      files.add(file);
      continue;
    }
    const via = /^\s+Imported via '(\.[^']*)' from file '([^']+)'/.exec(line);
    if (via && ours(file) && ours(via[2]!)) edges.push([via[2]!, file]);
  }
  return { files, edges };
}

/** Each circle once, as the shortest way round from its first file: a → b → a. */
function circles(edges: ReadonlyArray<readonly [string, string]>): string[] {
  const next = new Map<string, string[]>();
  for (const [from, to] of edges) next.set(from, [...(next.get(from) ?? []), to]);
  // Tarjan's strongly connected components: a circle is a component of two or more files, or a self-import.
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, index);
    low.set(file, index++);
    stack.push(file);
    for (const to of next.get(file) ?? []) {
      if (!order.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (stack.includes(to)) {
        low.set(file, Math.min(low.get(file)!, order.get(to)!));
      }
    }
    if (low.get(file) !== order.get(file)) return;
    const component: string[] = [];
    for (let member = ''; member !== file; ) component.push((member = stack.pop()!));
    if (component.length > 1 || next.get(file)?.includes(file)) components.push(component.sort());
  };
  for (const file of [...next.keys()].sort()) if (!order.has(file)) visit(file);
  return components.map((component) => {
    const start = component[0]!;
    const came = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0 && !came.has(start)) {
      const file = queue.shift()!;
      for (const to of next.get(file) ?? []) {
        if (!component.includes(to) || came.has(to)) continue;
        came.set(to, file);
        queue.push(to);
      }
    }
    const path = [start];
    for (let file = came.get(start)!; file !== start; file = came.get(file)!) path.unshift(file);
    return [start, ...path].join(' → ');
  }).sort();
}

describe('the house', () => {
  let graph: { files: Set<string>; edges: Array<[string, string]> };
  beforeAll(async () => {
    // The server's program, and the views' (browser code, a program of its own).
    const [server, views] = await Promise.all([importsOf('tsconfig.json'), importsOf('tsconfig.browser.json')]);
    graph = { files: new Set([...server.files, ...views.files]), edges: [...server.edges, ...views.edges] };
  });

  it("reads every file of the project's own folders, and their imports, from the compiler", () => {
    const all = ROOTS.filter((root) => statSync(join(ROOT, root), { throwIfNoEntry: false })?.isDirectory()).flatMap((root) => filesUnder(join(ROOT, root)));
    expect(all.filter((file) => !graph.files.has(file))).toEqual([]);
    expect(graph.edges).toContainEqual(['src/index.ts', 'src/server.ts']);
  });

  it('has no import circle among the project files', () => {
    expect(circles(graph.edges)).toEqual([]);
  });

  it('gives every file of src/ a floor', () => {
    expect([...graph.files].filter((file) => file.startsWith('src/') && floorOf(file) === undefined)).toEqual([]);
  });

  it('has no import in src/ from a floor to a higher one', () => {
    const upward = graph.edges.flatMap(([from, to]) => {
      const [a, b] = [floorOf(from), floorOf(to)];
      return a && b && b.floor > a.floor ? [`${from} (floor ${a.floor}, ${a.name}) imports ${to} (floor ${b.floor}, ${b.name})`] : [];
    });
    expect([...new Set(upward)].sort()).toEqual([]);
  });

  it("has no circle among src/'s folders: one folder's files may use another's, or be used by it, not both", () => {
    // A folder the floors name (tools, tools/testing, sessions, …) is one unit; a file at src/'s root is its own.
    const folders = FLOORS.flatMap(([, , paths]) => paths.filter((path) => path.endsWith('/')));
    const unit = (file: string): string => folders.filter((folder) => file.startsWith(folder)).sort((a, b) => b.length - a.length)[0] ?? file;
    const between = graph.edges.flatMap(([from, to]): Array<[string, string]> =>
      from.startsWith('src/') && to.startsWith('src/') && unit(from) !== unit(to) ? [[unit(from), unit(to)]] : [],
    );
    expect(circles(between)).toEqual([]);
  });

  it('names a circle by the shortest way round it', () => {
    const edges: Array<[string, string]> = [['a', 'b'], ['b', 'c'], ['c', 'a'], ['c', 'b'], ['d', 'd'], ['a', 'e']];
    expect(circles(edges)).toEqual(['a → b → c → a', 'd → d']);
  });
});
