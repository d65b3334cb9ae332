// The checks the published schemas make, written as code (neither schema ships in an npm package): the
// Server Card extension's schema.json (v1, JSON Schema 2020-12) and the MCP Registry's server.schema.json
// (2025-12-11, draft-07) with the registry's own validators on top. Each returns the problems found, one
// sentence each with its JSON path; an empty list means the document passes.

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Both schemas' `name`: namespace/name, one slash. */
const NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;
/** Both schemas' remote `url`: http(s), or a leading {variable}. */
const REMOTE_URL = /^(https?:\/\/[^\s]+|\{[a-zA-Z_][a-zA-Z0-9_]*\}[^\s]*)$/;
const CARD_SCHEMA = /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/v1\/server-card\.schema\.json$/;

class Problems {
  readonly list: string[] = [];
  add(path: string, sentence: string): void {
    this.list.push(`${path}: ${sentence}`);
  }
  string(doc: Json, key: string, path: string, { required = false, min, max, pattern }: { required?: boolean; min?: number; max?: number; pattern?: RegExp } = {}): void {
    const value = doc[key];
    if (value === undefined) return required ? this.add(`${path}.${key}`, 'is required') : undefined;
    if (typeof value !== 'string') return this.add(`${path}.${key}`, 'must be a string');
    if (min !== undefined && [...value].length < min) this.add(`${path}.${key}`, `must have at least ${min} characters`);
    if (max !== undefined && [...value].length > max) this.add(`${path}.${key}`, `must have at most ${max} characters`);
    if (pattern && !pattern.test(value)) this.add(`${path}.${key}`, `must match ${pattern}`);
  }
  uri(doc: Json, key: string, path: string): void {
    const value = doc[key];
    if (value === undefined) return;
    try {
      new URL(String(value));
    } catch {
      this.add(`${path}.${key}`, 'must be a URI');
    }
  }
  /** Input / KeyValueInput: each member has the type both schemas give it. */
  input(value: unknown, path: string, named: boolean): void {
    if (!isObject(value)) return this.add(path, 'must be an object');
    if (named) this.string(value, 'name', path, { required: true });
    for (const key of ['description', 'default', 'placeholder', 'value']) this.string(value, key, path);
    for (const key of ['isRequired', 'isSecret']) if (value[key] !== undefined && typeof value[key] !== 'boolean') this.add(`${path}.${key}`, 'must be a boolean');
    if (value.format !== undefined && !['string', 'number', 'boolean', 'filepath'].includes(value.format as string)) this.add(`${path}.format`, 'must be string, number, boolean or filepath');
    if (value.choices !== undefined && !(Array.isArray(value.choices) && value.choices.every((c) => typeof c === 'string'))) this.add(`${path}.choices`, 'must be strings');
  }
  remotes(doc: Json, card: boolean): void {
    if (doc.remotes === undefined) return;
    if (!Array.isArray(doc.remotes)) return this.add('$.remotes', 'must be an array');
    doc.remotes.forEach((remote: unknown, i) => {
      const path = `$.remotes[${i}]`;
      if (!isObject(remote)) return this.add(path, 'must be an object');
      if (!['streamable-http', 'sse'].includes(remote.type as string)) this.add(`${path}.type`, 'must be streamable-http or sse');
      this.string(remote, 'url', path, { required: true, pattern: REMOTE_URL });
      if (remote.headers !== undefined) {
        if (!Array.isArray(remote.headers)) this.add(`${path}.headers`, 'must be an array');
        else remote.headers.forEach((header, j) => this.input(header, `${path}.headers[${j}]`, true));
      }
      if (remote.variables !== undefined && !isObject(remote.variables)) this.add(`${path}.variables`, 'must be an object');
      if (card && remote.supportedProtocolVersions !== undefined) {
        const versions = remote.supportedProtocolVersions;
        if (!Array.isArray(versions) || !versions.every((v) => typeof v === 'string')) this.add(`${path}.supportedProtocolVersions`, 'must be strings');
      }
    });
  }
}

/** The common identity members: name, version, description, title, websiteUrl. */
function identity(doc: Json, problems: Problems): void {
  problems.string(doc, 'name', '$', { required: true, min: 3, max: 200, pattern: NAME });
  problems.string(doc, 'version', '$', { required: true, max: 255 });
  problems.string(doc, 'description', '$', { required: true, min: 1, max: 100 });
  problems.string(doc, 'title', '$', { min: 1, max: 100 });
  problems.uri(doc, 'websiteUrl', '$');
}

/** The Server Card's schema (experimental-ext-server-card, schema.json, ServerCard). */
export function serverCardProblems(doc: unknown): string[] {
  const problems = new Problems();
  if (!isObject(doc)) return ['$: must be an object'];
  problems.string(doc, '$schema', '$', { required: true, pattern: CARD_SCHEMA });
  identity(doc, problems);
  problems.remotes(doc, true);
  if (doc._meta !== undefined && !isObject(doc._meta)) problems.add('$._meta', 'must be an object');
  return problems.list;
}

/** Ranges and `latest`, which the registry refuses as a version (its validators' looksLikeVersionRange). */
const RANGE = /^\s*(?:[~^<>=]|v?\d+(?:\.\d+)*\s+-\s|.*\|\||(?:v?\d+|[xX*])(?:\.(?:\d+|[xX*]))*\.[xX*])/;

/** The registry's server.schema.json (2025-12-11, ServerDetail) and its semantic validators for remotes. */
export function serverJsonProblems(doc: unknown): string[] {
  const problems = new Problems();
  if (!isObject(doc)) return ['$: must be an object'];
  problems.string(doc, '$schema', '$', { required: true });
  if (doc.$schema !== 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json') problems.add('$.$schema', 'must be the current schema, 2025-12-11');
  identity(doc, problems);
  const name = String(doc.name ?? '');
  // The registry's name rule: each part starts and ends with a letter or digit.
  if (!/^[a-zA-Z0-9][a-zA-Z0-9.-]*[a-zA-Z0-9]\/[a-zA-Z0-9][a-zA-Z0-9._-]*[a-zA-Z0-9]$/.test(name)) problems.add('$.name', 'namespace and name must start and end with a letter or digit');
  if (doc.version === 'latest' || RANGE.test(String(doc.version ?? ''))) problems.add('$.version', 'must be one version, not a range or latest');
  if (typeof doc.title === 'string' && doc.title.trim() === '') problems.add('$.title', 'must not be only whitespace');
  problems.remotes(doc, false);
  for (const [i, remote] of (Array.isArray(doc.remotes) ? doc.remotes : []).entries()) {
    const url = isObject(remote) && typeof remote.url === 'string' ? new URL(remote.url.replace(/\{[^}]+\}/g, 'placeholder')) : undefined;
    if (url && url.protocol !== 'https:') problems.add(`$.remotes[${i}].url`, 'must be https');
    if (url && (url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname.endsWith('.localhost'))) problems.add(`$.remotes[${i}].url`, 'must not be localhost');
  }
  if (isObject(doc._meta) && Object.keys(doc._meta).some((key) => key !== 'io.modelcontextprotocol.registry/publisher-provided')) {
    problems.add('$._meta', 'only io.modelcontextprotocol.registry/publisher-provided is kept by the registry');
  }
  return problems.list;
}
