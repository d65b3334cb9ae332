// A required header or query parameter that names the caller's account (a tenant, organisation or
// workspace id) on (nearly) every operation of a document: a deployment setting or a header the hub
// sends, never a question for the model (`xero-tenant-id`, an `organizationId` on each call, …).
import { isSecretName } from './secrets';
import { parameterKey } from './security';

interface Declared {
  in: string;
  name: string;
  required?: boolean;
}

/** Words that name an account; a parameter whose name holds one (`xero-tenant-id`, `OrgId`) may be one. */
const ACCOUNT_WORDS = new Set(['tenant', 'account', 'organization', 'organisation', 'org', 'workspace', 'company']);
/** Share of the document's operations that must require it: "nearly every one" (a login call may not). */
const SHARE = 0.8;

/** Last words that make a name a credential about the account, not the account. */
const CREDENTIAL_ENDINGS = new Set(['token', 'key', 'secret', 'password']);

const wordsOf = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

/** `xero-tenant-id`, `organizationId`; not `X-Postmark-Account-Token`, a credential (./secrets), which is never filled as an account. */
export const namesAccount = (name: string) => {
  const words = wordsOf(name);
  return words.some((word) => ACCOUNT_WORDS.has(word)) && !isSecretName(name) && !CREDENTIAL_ENDINGS.has(words.at(-1) ?? '');
};

/** `in:name` of the account parameters of a document, from each operation's declared parameters. */
export function accountParameters(operations: readonly (readonly Declared[])[]): Set<string> {
  const counts = new Map<string, number>();
  for (const parameters of operations) {
    const seen = new Set<string>();
    for (const parameter of parameters) {
      if (!parameter.required || (parameter.in !== 'header' && parameter.in !== 'query') || !namesAccount(parameter.name)) continue;
      seen.add(parameterKey(parameter.in, parameter.name));
    }
    for (const key of seen) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  // Two operations at least: in a one-operation document every parameter is on "every" operation.
  const needed = Math.max(2, Math.ceil(operations.length * SHARE));
  return new Set([...counts].filter(([, count]) => count >= needed).map(([key]) => key));
}
