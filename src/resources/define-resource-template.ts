// `defineResourceTemplate` declares a family of resources by an RFC 6570 level-1 template
// (`docs://orders/{status}`): listed by resources/templates/list, read by resources/read when a URI matches.

import { bodyOf, type ResourceContents } from './define-resource';
import type { Completer } from '../prompts/define-prompt';

export interface ResourceTemplateDescriptor {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

export interface ResourceTemplateSpec extends Omit<ResourceTemplateDescriptor, 'uriTemplate'> {
  /** e.g. `docs://orders/{status}`: each `{name}` matches one path segment (no `/`). */
  uriTemplate: string;
  /** OAuth scopes a caller's token must carry to read it on `/mcp` with MCP_AUTH=oauth. Default: none. */
  scopes?: readonly string[];
  /** The text of the resource the URI names; `params` holds each `{name}`'s decoded value. */
  read(params: Readonly<Record<string, string>>): Promise<string | Uint8Array> | string | Uint8Array;
  /** Completes a variable's values for clients (completion/complete), by variable name. */
  complete?: Readonly<Record<string, Completer>>;
}

export interface ResourceTemplate {
  readonly descriptor: ResourceTemplateDescriptor;
  readonly scopes: readonly string[];
  /** Each variable's completer, by name. */
  readonly completers: ReadonlyMap<string, Completer>;
  /** The template's values in `uri`, or undefined when it does not match. */
  match(uri: string): Record<string, string> | undefined;
  read(uri: string, params: Readonly<Record<string, string>>): Promise<ResourceContents>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function defineResourceTemplate(spec: ResourceTemplateSpec): ResourceTemplate {
  const names: string[] = [];
  const source = spec.uriTemplate.split(/(\{[A-Za-z0-9_]+\})/).map((part) => {
    const name = /^\{([A-Za-z0-9_]+)\}$/.exec(part)?.[1];
    if (name === undefined) return escape(part);
    names.push(name);
    return '([^/?#]+)';
  });
  if (names.length === 0) throw new TypeError(`Resource template "${spec.uriTemplate}" has no {name}: use defineResource for a single URI`);
  const pattern = new RegExp(`^${source.join('')}$`);
  const { scopes, read, complete, ...descriptor } = spec;
  const unknown = Object.keys(complete ?? {}).find((name) => !names.includes(name));
  if (unknown !== undefined) throw new TypeError(`Resource template "${spec.uriTemplate}" completes {${unknown}}, which it does not have`);
  return Object.freeze({
    descriptor: Object.freeze(descriptor),
    completers: new Map(Object.entries(complete ?? {})),
    scopes: Object.freeze([...(scopes ?? [])]),
    match(uri: string) {
      const found = pattern.exec(uri);
      if (!found) return undefined;
      const params: Record<string, string> = {};
      try {
        names.forEach((name, index) => (params[name] = decodeURIComponent(found[index + 1]!)));
      } catch {
        return undefined; // a malformed %-escape names nothing
      }
      return params;
    },
    async read(uri: string, params: Readonly<Record<string, string>>): Promise<ResourceContents> {
      const body = bodyOf(await read(params));
      return { uri, ...(spec.mimeType ? { mimeType: spec.mimeType } : {}), ...body };
    },
  });
}
