// The words of find_operations' search: how text becomes terms (words apart, stemmed, without stop words),
// and what a person says mapped to what APIs say, generally: verbs by kind of action, a few nouns for the
// same things. A fork adds its own words to SAID: its users' verbs, its API's nouns.

/** Words that say nothing of an operation ("send an email to my customers"). */
const STOP = new Set(
  'a s an the my our your their its his her of to from for by in on at with and or is are be this that these those it me us i we you them someone somebody something some any all every each one please can want need how do does into as about via out'.split(' '),
);

/** The words APIs name an action with, by kind. */
export const READ = ['get', 'list', 'search', 'retrieve', 'find', 'query', 'fetch', 'read'];
const CREATE = ['create', 'add', 'post', 'new', 'insert'];
const UPDATE = ['update', 'put', 'patch', 'edit', 'modify', 'set'];
const DELETE = ['delete', 'remove', 'destroy'];

/** The kind of action a verb asks for, which a tool's hints tell (src/tools/operation-search.ts). */
export type Kind = 'read' | 'change' | 'delete';

interface Said {
  /** What a person says. */
  readonly said: readonly string[];
  /** The words an API may use for the same (the person's own word included). */
  readonly api: readonly string[];
  /** For verbs: the kind of action. */
  readonly kind?: Kind;
}

/** What a person says, and what APIs say for it: verbs by kind of action, then a few nouns for the same things. */
export const SAID: readonly Said[] = [
  { said: ['find', 'search', 'look', 'lookup', 'get', 'show', 'see', 'view', 'fetch', 'retrieve', 'read', 'check', 'list'], api: READ, kind: 'read' },
  { said: ['create', 'add', 'new', 'make', 'register', 'insert', 'post', 'open', 'book', 'upload', 'invite', 'schedule'], api: CREATE, kind: 'change' },
  { said: ['send', 'deliver'], api: ['send', ...CREATE], kind: 'change' },
  { said: ['update', 'change', 'edit', 'modify', 'set', 'rename', 'put', 'patch'], api: UPDATE, kind: 'change' },
  { said: ['delete', 'remove', 'erase', 'drop', 'destroy', 'purge'], api: DELETE, kind: 'delete' },
  { said: ['unsubscribe', 'optout'], api: ['unsubscribe', 'subscription', 'subscriber', ...DELETE], kind: 'change' },
  { said: ['subscribe', 'optin'], api: ['subscribe', 'subscription', 'subscriber', ...CREATE], kind: 'change' },
  { said: ['user', 'person', 'people', 'member', 'teammate', 'employee', 'staff'], api: ['user', 'member', 'teammate', 'employee', 'account'] },
  { said: ['subscriber', 'recipient', 'contact'], api: ['subscriber', 'recipient', 'contact', 'member'] },
  { said: ['email', 'mail', 'message'], api: ['email', 'mail', 'message'] },
  { said: ['statistics', 'stats', 'metrics', 'analytics'], api: ['statistics', 'stats', 'metrics', 'report'] },
];

/** A word of a query, stemmed, with the stemmed words an API may say instead. */
export const ALTERNATIVES: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const { said, api } of SAID) for (const word of said) map.set(stem(word), [...new Set([...(map.get(stem(word)) ?? []), ...api.map(stem)])]);
  return map;
})();

/** The kind of action of a query: its first verb's ("add a subscriber to a list" adds); undefined without one. */
export function kindOf(query: string): Kind | undefined {
  for (const word of wordsOf(query).map(stem)) {
    const group = SAID.find(({ said, kind }) => kind !== undefined && said.some((verb) => stem(verb) === word));
    if (group) return group.kind;
  }
  return undefined;
}

/** A light stemmer: plurals and -ing/-ed forms meet their stem (customers, customer; sending, send; updated, update). */
export function stem(word: string): string {
  if (word.length <= 3 || /^\d+$/.test(word)) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(?:ss|x|ch|sh|zz)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** The words of a text: camelCase and snake_case apart, lower case (`SearchCustomers`, `post_mail_send`). */
export const wordsOf = (text: string): string[] =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');

/** A word as the index keeps it: stemmed, or null for a stop word. */
export const term = (word: string): string | null => (STOP.has(word) ? null : stem(word));

/** How a name spells an action, and the action (create, update, delete) it is also indexed as. */
const SPELLED: ReadonlyMap<string, string> = new Map([
  ...CREATE.map((word) => [stem(word), stem('create')] as const),
  ...UPDATE.map((word) => [stem(word), stem('update')] as const),
  ...DELETE.map((word) => [stem(word), stem('delete')] as const),
]);

/**
 * The terms of a word of a tool's name: its own, and the action it spells. A vendor names by its own habit
 * (Stripe's `post_customers`, another's `create_customer`): indexed as the action too, `create` is as common
 * among names as the API's creations are, and a tool whose name alone says `create` is not singled out.
 */
export function nameTerms(word: string): string | string[] | null {
  const own = term(word);
  const action = own === null ? undefined : SPELLED.get(own);
  return own === null || action === undefined || action === own ? own : [own, action];
}
