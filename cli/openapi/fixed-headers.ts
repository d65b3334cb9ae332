// Headers a document requires with one fixed value (`X-GitHub-Api-Version: 2022-11-28`, `Stripe-Version`,
// an `Accept: application/vnd.github+json`): not model inputs, but the UPSTREAM_HEADERS setting, which
// the review notes propose.
import type { Schema } from './schema';

interface HeaderParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

/** The one value a header parameter can take (a single enum value or a const), if it has one. */
export function fixedValue(parameter: HeaderParameter): string | undefined {
  if (parameter.in !== 'header') return undefined;
  const schema = parameter.schema ?? {};
  const values = schema.const !== undefined ? [schema.const] : (schema.enum ?? []).filter((value) => value !== null);
  if (values.length === 1 && ['string', 'number', 'boolean'].includes(typeof values[0])) return String(values[0]);
  // An Accept header "SHALL be ignored" as a parameter, yet its default or description can name the media type the API wants.
  if (parameter.name.toLowerCase() === 'accept') {
    const named = typeof schema.default === 'string' ? schema.default : /application\/vnd\.[\w.-]+\+json/.exec(parameter.description ?? '')?.[0];
    if (named && /^application\/vnd\./.test(named)) return named;
  }
  return undefined;
}

/** A vendor JSON media type (application/vnd.github+json) that every success answer is declared in: the Accept the API expects. */
export function vendorAccept(responses: Record<string, { content?: Record<string, unknown> } | undefined> | undefined): string | undefined {
  const types = Object.entries(responses ?? {})
    .filter(([status]) => /^2/.test(status))
    .flatMap(([, response]) => Object.keys(response?.content ?? {}));
  const vendor = [...new Set(types)];
  return vendor.length === 1 && /^application\/vnd\.[\w.-]+\+json$/i.test(vendor[0] ?? '') ? vendor[0] : undefined;
}

/** The review note for fixed headers: the setting line to add, as a JSON object. */
export function upstreamHeadersNote(headers: Readonly<Record<string, string>>): string | undefined {
  if (Object.keys(headers).length === 0) return undefined;
  return `the document requires fixed headers: set UPSTREAM_HEADERS=${JSON.stringify(headers)} (they are not model inputs)`;
}
