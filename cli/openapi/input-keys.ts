// The input field of a parameter: a name a model reads and a JavaScript key. Twilio's `DateSent`,
// `DateSent<` and `DateSent>` share one description; as `DateSent`, `DateSent_before` and `DateSent_after`
// a model can tell them apart, and each description says which bound it is. The wire name is unchanged.

const DATE_LIKE = /(date|time|_at$|At$|on$|since|until)/i;

/** A trailing comparison in a parameter name (`DateSent<`, `Price>=`): the bound it sets and the word for it. */
export function comparison(name: string): { stem: string; suffix: string; sentence: string } | undefined {
  const match = /^(.*?[A-Za-z0-9])\s*(<=?|>=?)$/.exec(name);
  if (!match) return undefined;
  const [, stem = '', operator = ''] = match;
  const date = DATE_LIKE.test(stem);
  const upper = operator.startsWith('<');
  const suffix = date ? (upper ? 'before' : 'after') : upper ? 'max' : 'min';
  const bound = date ? (upper ? 'on or before' : 'on or after') : upper ? 'at most' : 'at least';
  return { stem, suffix, sentence: `Only those whose ${stem} is ${bound} this value (sent as "${name}").` };
}

/** "pet-id" → "petId", "DateSent<" → "DateSent_before": an input key and a `:name` alike, unique among `taken`. */
export function keyFor(name: string, taken: Set<string>): string {
  const bound = comparison(name);
  const source = bound ? `${bound.stem}_${bound.suffix}` : name;
  let key = source.replace(/[^A-Za-z0-9_$]+([A-Za-z0-9])?/g, (_m, char: string | undefined) => (char ?? '').toUpperCase());
  if (!/^[A-Za-z_$]/.test(key)) key = `p${key}`;
  if (key === 'body' || key === '') key = `${key}Param`;
  while (taken.has(key)) key = `${key}_`;
  taken.add(key);
  return key;
}

/** The parameter's description, with the bound it sets when its name ends in a comparison. */
export function boundDescription(name: string, description: string | undefined): string | undefined {
  const bound = comparison(name);
  if (!bound) return description;
  return description?.trim() ? `${description.trim()}${/[.!?]$/.test(description.trim()) ? '' : '.'} ${bound.sentence}` : bound.sentence;
}
