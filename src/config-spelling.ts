// Variables that look like a misspelt setting (`CUSTOMR_API_URL`), found at startup so a typo does not
// silently leave a default in place. Only names; a variable's value is never read here.

/** Variables of the system, the shell and npm: never taken for a misspelt setting, however close. */
const FOREIGN = /^(npm_|NODE_OPTIONS$|NODE_PATH$|NODE_EXTRA_CA_CERTS$|PATH$|HOME$|HOSTNAME$|HOSTTYPE$|USER$|LOGNAME$|SHELL$|TERM$|LANG$|PWD$|OLDPWD$|TMPDIR$|TZ$|SHLVL$|_$)/;

/** Edit distance with adjacent transpositions (optimal string alignment), stopping early above `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** How far a name may be from a setting: one edit for short names (HOST is one from HOTS, two from HOME), two from 8 characters. */
const allowance = (known: string): number => (known.length >= 8 ? 2 : 1);

/** The setting `name` is closest to, when it is close enough to be a typo of it. */
function closest(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const setting of known) {
    const distance = editDistance(name.toUpperCase(), setting, allowance(setting));
    if (distance <= allowance(setting) && (best === undefined || distance < best.distance)) best = { name: setting, distance };
  }
  return best?.name;
}

/**
 * One sentence per variable in `names` that is not a setting but is close to one: "CUSTOMR_API_URL is
 * not a setting of this server: did you mean CUSTOMER_API_URL?". `known` comes from the settings schema
 * (SETTING_NAMES); a known name in the wrong case (`port`) is reported too.
 */
export function misspeltSettings(names: readonly string[], known: readonly string[]): string[] {
  const settings = new Set(known);
  const found: string[] = [];
  for (const name of names) {
    if (settings.has(name) || FOREIGN.test(name)) continue;
    const meant = closest(name, known);
    if (meant !== undefined) found.push(`${name} is not a setting of this server: did you mean ${meant}?`);
  }
  return found;
}
