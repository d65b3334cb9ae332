// Words for what a call does, from its method and path template (`/customers/:id/invoices`), shared by
// `npm run new-tool` and `npm run openapi`: a first description the model can use, the phrase a 404
// sentence names, and what each path parameter identifies (issue 18).
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

/**
 * What a 404 means for the call, as the inside of a template literal: "There is no customer with id ${id}"
 * for GET /customers/:id/invoices (`value` writes each parameter's expression).
 */
export function notFoundText(path: string, value: (param: string) => string): string {
  const all = steps(path);
  const target = all.at(-1);
  const named = target?.param === undefined ? all.slice(0, -1).filter((step) => step.param !== undefined).reverse() : [...all].reverse().filter((step) => step.param !== undefined);
  if (named.length === 0) return 'Nothing was found';
  const [first, ...rest] = named.map(({ noun, param = '' }) => `${singular(noun)} with ${param} \${${value(param)}}`);
  return `There is no ${first}${rest.map((owner) => ` of the ${owner}`).join('')}`;
}
