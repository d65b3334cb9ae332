// What the review notes say of credentials and account parameters the server fills: where the caller
// sends each value, and the setting that fixes it for a whole deployment (docs/tools.md, "Credentials from
// the security schemes").
import { keyHeaderOf } from '../../src/upstream/placement';
import { quote } from '../new-tool/template';
import type { Operation } from './operation';
import type { CredentialPlace } from './security';

const where = (place: CredentialPlace) => (place.type === 'apiKey' ? `${place.in} ${place.name}` : place.type === 'oauth2' ? 'OAuth' : `HTTP ${place.type}`);

/** The setting line: each key with a placeholder, never a value. */
const setting = (names: readonly string[]) => `UPSTREAM_CREDENTIALS=${JSON.stringify(Object.fromEntries(names.map((name) => [name, '<value>'])))}`;

/** The note for an operation's credentials: the schemes, how the caller sends each, the setting that fixes them. */
export function credentialsNote(alternatives: readonly (readonly CredentialPlace[])[]): string {
  const places = [...new Map(alternatives.flat().map((place) => [place.scheme, place])).values()];
  const keys = places.filter((place) => place.type === 'apiKey');
  const fixable = places.filter((place) => place.type !== 'oauth2').map((place) => place.scheme);
  const sent = keys.length === 0 ? 'the caller\'s Authorization is forwarded' : `the caller sends ${keys.map((place) => `${keyHeaderOf(place.scheme)}${place.type === 'apiKey' && place.in === 'header' ? ` (or ${place.name})` : ''}`).join(', ')}${keys.length === 1 ? ' (or X-Api-Key, or Authorization: Bearer)' : ''}`;
  return `credentials from the security schemes ${places.map((place) => `${place.scheme} (${where(place)})`).join(', ')} are placed by the server, never inputs: ${sent}; or set ${setting(fixable)} for one key for every user`;
}

/** The note for account parameters: not inputs; the header the hub may send, or the setting. */
export function accountNote(account: readonly { in: string; name: string }[]): string {
  const named = account.map((parameter) => `${parameter.name} (${parameter.in})`).join(', ');
  return `${named} names the account on nearly every operation, so it is not an input: set ${setting(account.map((parameter) => parameter.name))}, or have the hub send ${account.map((parameter) => `a ${parameter.name} header`).join(' and ')}`;
}

const literal = (value: object) =>
  `{ ${Object.entries(value).map(([key, item]) => `${key}: ${quote(String(item))}`).join(', ')} }`;

/** The tool's `credentials` and `account` lines (defineTool), when the server has something to place. */
export function credentialLines(op: Pick<Operation, 'credentials' | 'account'>): string[] {
  const lines: string[] = [];
  if (op.credentials.length > 0) {
    lines.push("  // The API's security schemes: the server puts each value where its scheme says, from the caller's headers or UPSTREAM_CREDENTIALS.");
    lines.push(`  credentials: [${op.credentials.map((alternative) => `[${alternative.map(literal).join(', ')}]`).join(', ')}],`);
  }
  if (op.account.length > 0) {
    lines.push("  // Names the account on nearly every operation: filled from UPSTREAM_CREDENTIALS or the header of its name, never by the model.");
    lines.push(`  account: [${op.account.map(literal).join(', ')}],`);
  }
  return lines;
}
