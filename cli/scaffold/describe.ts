// Words for what a call does, from its method and path template (`/customers/:id/invoices`), shared by
// `npm run new-tool` and `npm run openapi`: a first description the model can use, the phrase a 404
// sentence names, and what each path parameter identifies.
import type { HttpMethod } from '../../src/tools';

/** A literal segment and the parameter that follows it, if any: /customers/:id → { noun: 'customers', param: 'id' }. */
interface Step {
  noun: string;
  param?: string;
}

function steps(path: string): Step[] {
  const out: Step[] = [];
  for (const segment of path.split('/').filter((part) => part !== '')) {
    const last = out.at(-1);
    if (!segment.startsWith(':')) out.push({ noun: segment.replace(/[^A-Za-z0-9]+/g, ' ').trim() || 'record' });
    else if (last && last.param === undefined) last.param = segment.slice(1);
    else out.push({ noun: 'record', param: segment.slice(1) });
  }
  return out;
}

/** invoices → invoice, categories → category, addresses → address; a word that is not plural stays. */
export function singular(noun: string): string {
  if (/ies$/.test(noun)) return noun.replace(/ies$/, 'y');
  if (/(ss|sh|ch|x|z)es$/.test(noun)) return noun.replace(/es$/, '');
  if (/[^su]s$/.test(noun)) return noun.slice(0, -1);
  return noun;
}

const one = ({ noun, param }: Step) => `the ${singular(noun)} with the given ${param}`;

/** What a path parameter identifies: `customer` for :id in /customers/:id/invoices. */
export function paramOwner(path: string, param: string): string {
  const step = steps(path).find((candidate) => candidate.param === param);
  return step ? singular(step.noun) : 'record';
}

/** The thing the call acts on, with its owners: "the invoices of the customer with the given id". */
export function callSubject(path: string): { phrase: string; collection: boolean; noun: string; owners: string } {
  const all = steps(path);
  const target = all.at(-1) ?? { noun: 'record' };
  const owners = all.slice(0, -1).filter((step) => step.param !== undefined).reverse().map((step) => ` of ${one(step)}`).join('');
  const collection = target.param === undefined;
  return { phrase: `${collection ? `the ${target.noun}` : one(target)}${owners}`, collection, noun: target.noun, owners };
}

/** "List the invoices of the customer with the given id" for GET /customers/:id/invoices. */
export function callDescription(method: HttpMethod, path: string): string {
  const { phrase, collection, noun, owners } = callSubject(path);
  // A plural last segment is a collection (/invoices); anything else is one thing or an action (/status, /cancel).
  const plural = collection && singular(noun) !== noun;
  switch (method) {
    case 'GET':
      return plural ? `List ${phrase}` : `Get ${phrase}`;
    case 'POST':
      if (plural) return `Create a new ${singular(noun)}${owners.replace(/^ of/, ' for')}`;
      return collection && owners !== '' ? `Run the ${noun} action on${owners.replace(/^ of/, '')}` : `Send a request to ${phrase}`;
    case 'PUT':
      return `Replace ${phrase}`;
    case 'PATCH':
      return `Update ${phrase}`;
    case 'DELETE':
      return `Delete ${phrase}`;
  }
}

/** The nouns of a path, each with the parameters that follow it: /repos/:owner/:repo/issues/:n → repos (owner, repo), issues (n). */
function groups(path: string): Array<{ noun: string; params: string[] }> {
  const out: Array<{ noun: string; params: string[] }> = [];
  for (const segment of path.split('/').filter((part) => part !== '')) {
    if (!segment.startsWith(':')) out.push({ noun: segment.replace(/[^A-Za-z0-9]+/g, ' ').trim() || 'record', params: [] });
    else if (out.length > 0) out.at(-1)!.params.push(segment.slice(1));
    else out.push({ noun: 'record', params: [segment.slice(1)] });
  }
  return out;
}

/**
 * How a parameter reads after its noun, in words: `thingId` of things → `id`, `issue_number` of issues →
 * `number`, `accountNumber` → `account number`; `repo` of repos, and a choice such as Jira's `issueIdOrKey`,
 * → '' (the value alone: "issue PROJ-123").
 */
function label(thing: string, param: string): string {
  const own = thing.toLowerCase().replace(/ /g, '');
  if (param.toLowerCase() === own) return '';
  const rest = param.toLowerCase().startsWith(own) ? param.slice(own.length).replace(/^[_-]+/, '') : '';
  const words = (rest === '' ? param : rest).replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return rest !== '' && /\bor\b/.test(words) ? '' : words;
}

/** "issue with number ${n}", "repo ${repo} (owner ${owner})", "thing with id ${id}". */
function named(noun: string, params: readonly string[], value: (param: string) => string): string {
  const thing = singular(noun);
  const own = params.find((param) => label(thing, param) === '');
  const others = params.filter((param) => param !== own).map((param) => `${label(thing, param)} \${${value(param)}}`);
  if (own === undefined) return `${thing} with ${others.join(' and ')}`;
  return `${thing} \${${value(own)}}${others.length > 0 ? ` (${others.join(', ')})` : ''}`;
}

/**
 * What a 404 means for the call, as the inside of a template literal: "There is no customer with id ${id}"
 * for GET /customers/:id/invoices, "There is no issue with number ${n} in the repo ${repo} (owner ${owner})"
 * for /repos/:owner/:repo/issues/:issue_number (`value` writes each parameter's expression).
 */
export function notFoundText(path: string, value: (param: string) => string): string {
  const all = groups(path);
  const target = all.at(-1);
  const chain = (target === undefined || target.params.length === 0 ? all.slice(0, -1) : all).filter((group) => group.params.length > 0).reverse();
  if (chain.length === 0) return 'Nothing was found';
  const [first, ...rest] = chain.map(({ noun, params }) => named(noun, params, value));
  return `There is no ${first}${rest.map((owner) => ` in the ${owner}`).join('')}`;
}
