// Where a tool's credentials go on the wire, from the security schemes its OpenAPI document names: an API
// key in the query, a header or a cookie, HTTP basic or bearer. Compiled once per tool (defineTool); each
// call only looks up values and writes them where the scheme says (docs/tools.md, "Credentials from the
// security schemes").

/** One security scheme of a tool's requirement, as the document declares it. */
export type CredentialPlace =
  | {
      /** The scheme's name in the document: the key of UPSTREAM_CREDENTIALS and of the `X-Api-Key-<scheme>` header. */
      scheme: string;
      type: 'apiKey';
      in: 'query' | 'header' | 'cookie';
      /** The query parameter, header or cookie the API reads the key from. */
      name: string;
    }
  | { scheme: string; type: 'basic' | 'bearer' | 'oauth2' };

/** A parameter that names the caller's account (a tenant or organisation id): filled like a credential, never asked of the model. */
export interface AccountPlace {
  in: 'query' | 'header';
  /** The parameter's name in the document; also the key of UPSTREAM_CREDENTIALS and the request header it may come from. */
  name: string;
}

type SlotSpec = Omit<Slot, 'where' | 'prefix'>;

/** One value the server looks up for each call, and where it goes. */
interface Slot {
  /** UPSTREAM_CREDENTIALS key. */
  key: string;
  kind: 'apiKey' | 'basic' | 'bearer' | 'account';
  in: 'query' | 'header' | 'cookie';
  /** Lower-case for headers. */
  name: string;
  /** `in:name`, and for the query and cookies the name encoded with its "=": made once, not per call. */
  where: string;
  prefix: string;
  /** Request headers the caller's value may come in, first found wins (lower-case). */
  from: readonly string[];
}

export interface Placement {
  readonly slots: readonly Slot[];
  /** The tool takes an API key (a 401 then means the key was refused, not that a session expired). */
  readonly apiKey: boolean;
  /** An HTTP or OAuth scheme is among the alternatives: the caller's Authorization is that credential, never read as a key. */
  readonly keepsAuthorization: boolean;
}

/** What one call sends besides the forwarded headers: a query string (without "?"), headers, cookies. */
export interface Placed {
  search: string;
  headers: Record<string, string>;
  cookies: string[];
  /** Whether anything went into `headers` or `cookies`: the request's headers are then copied, else not. */
  inHeaders: boolean;
  /** Every value placed, for the redaction of the API's words (./redact). */
  values: string[];
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** `X-Api-Key-<scheme>`: the scheme's name with anything but letters and digits as "-" (proxies drop headers with "_"). */
export const keyHeaderOf = (scheme: string) => `x-api-key-${scheme.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;

/** The placement of a tool's `credentials` (alternatives, each a list of schemes all required) and `account`; undefined when it has none. */
export function compilePlacement(
  credentials: readonly (readonly CredentialPlace[])[] = [],
  account: readonly AccountPlace[] = [],
): Placement | undefined {
  const places = credentials.flat();
  if (places.length === 0 && account.length === 0) return undefined;
  const apiKeys = [...new Map(places.flatMap((place) => (place.type === 'apiKey' ? [[place.scheme, place] as const] : []))).values()];
  const keepsAuthorization = places.some((place) => place.type !== 'apiKey');
  const slots: Slot[] = [];
  const add = (slot: SlotSpec) => {
    if (slots.some((other) => other.key === slot.key && other.in === slot.in && other.name === slot.name)) return;
    slots.push({ ...slot, where: `${slot.in}:${slot.name}`, prefix: `${encodeURIComponent(slot.name)}=` });
  };
  for (const place of apiKeys) {
    if (place.type !== 'apiKey') continue;
    const name = place.in === 'header' ? place.name.toLowerCase() : place.name;
    const own = place.in === 'header' && TOKEN.test(name) ? [name] : [];
    // The only key of a tool may also come as the hub sends a user's credential: X-Api-Key, or Authorization.
    const sole = apiKeys.length === 1 ? ['x-api-key', ...(keepsAuthorization ? [] : ['authorization'])] : [];
    add({ key: place.scheme, kind: 'apiKey', in: place.in, name, from: [...new Set([...own, keyHeaderOf(place.scheme), ...sole])] });
  }
  for (const place of places) {
    if (place.type === 'basic' || place.type === 'bearer') add({ key: place.scheme, kind: place.type, in: 'header', name: 'authorization', from: [] });
  }
  for (const place of account) {
    const name = place.in === 'header' ? place.name.toLowerCase() : place.name;
    add({ key: place.name, kind: 'account', in: place.in, name, from: TOKEN.test(place.name) ? [place.name.toLowerCase()] : [] });
  }
  return Object.freeze({ slots: Object.freeze(slots), apiKey: apiKeys.length > 0, keepsAuthorization });
}

type HeaderValue = string | string[] | undefined;
const one = (value: HeaderValue) => (Array.isArray(value) ? value[0] : value) || undefined;

/** The value of a slot: the deployment's fixed one, else the caller's (`caller` is undefined when the client's headers must not be read). */
function valueOf(slot: Slot, fixed: Readonly<Record<string, string>> | undefined, caller: Readonly<Record<string, HeaderValue>> | undefined): string | undefined {
  const set = fixed?.[slot.key];
  if (set !== undefined) return set;
  if (caller === undefined) return undefined;
  for (const header of slot.from) {
    const value = one(caller[header]);
    if (value === undefined) continue;
    // The hub sends a user's credential as `Bearer <value>`: the key is the value.
    return header === 'authorization' ? value.replace(/^bearer\s+/i, '') : value;
  }
  return undefined;
}

/**
 * The values of one call, where the placement says. `fixed` is UPSTREAM_CREDENTIALS; `caller` the call's
 * request headers, or undefined where the server made the credentials (/mcp in oauth mode).
 */
export function place(placement: Placement, fixed: Readonly<Record<string, string>> | undefined, caller: Readonly<Record<string, HeaderValue>> | undefined): Placed {
  const placed: Placed = { search: '', headers: {}, cookies: [], inHeaders: false, values: [] };
  let filled: Set<string> | undefined;
  for (const slot of placement.slots) {
    // Alternatives may name one place twice (basic or bearer, both in Authorization): the first with a value fills it.
    const { where } = slot;
    if (filled?.has(where)) continue;
    const found = valueOf(slot, fixed, caller);
    if (found === undefined) continue;
    let value = found;
    if (slot.kind === 'basic') value = `Basic ${Buffer.from(value).toString('base64')}`;
    else if (slot.kind === 'bearer') value = `Bearer ${value}`;
    (filled ??= new Set()).add(where);
    if (slot.kind !== 'account') placed.values.push(found);
    if (slot.in === 'query') placed.search += `${placed.search === '' ? '' : '&'}${slot.prefix}${encodeURIComponent(value)}`;
    else if (slot.in === 'cookie') placed.cookies.push(`${slot.prefix}${encodeURIComponent(value)}`);
    else placed.headers[slot.name] = value;
    if (slot.in !== 'query') placed.inHeaders = true;
  }
  return placed;
}
