// `defineResource` declares one MCP resource as simply as `defineTool` declares a tool: a URI, a name, a
// description for the client, a MIME type and a `read` that returns its text. Listed by resources/list,
// answered by resources/read (src/resources/resource-set.ts). A fork lists its resources in tools/index.ts.

/** The contents of one resources/read answer: `text`, or `blob` (base64) for binary resources. */
export type ResourceContents = { uri: string; mimeType?: string; _meta?: Record<string, unknown> } & ({ text: string } | { blob: string });

/** Text as `text`, bytes (a Buffer or Uint8Array) as a base64 `blob`. */
export function bodyOf(value: string | Uint8Array): { text: string } | { blob: string } {
  return typeof value === 'string' ? { text: value } : { blob: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
}

/** What resources/list shows of a resource. */
export interface ResourceDescriptor {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  _meta?: Record<string, unknown>;
}

/** How a resources/read reads: `fresh` reads the source again instead of a copy kept from before. */
export interface ReadOptions {
  /** Development (NODE_ENV=development): a view rebuilt by `npm run dev` is served without a restart. */
  readonly fresh?: boolean;
}

export interface ResourceSpec {
  /** Absolute URI, e.g. `docs://orders/statuses` or `ui://orders/table`. */
  uri: string;
  /** A short programmatic name; `title` is the human-readable one. */
  name: string;
  title?: string;
  /** Written for the client (and the model, where the client shows it): what this resource holds. */
  description?: string;
  mimeType?: string;
  /** `_meta` on the listing and on the contents (e.g. MCP Apps' `ui`). */
  meta?: Record<string, unknown>;
  /**
   * OAuth scopes a caller's token must carry to read it on `/mcp` with MCP_AUTH=oauth. Default: none (a
   * view adds the scopes of the tools that name it: src/auth).
   */
  scopes?: readonly string[];
  /** The resource's text, or its bytes (a binary resource). Called on each read: cache inside it what does not change. */
  read(options?: ReadOptions): Promise<string | Uint8Array> | string | Uint8Array;
}

/** A resource ready to serve: its listing built once, when the file is loaded. */
export interface Resource {
  readonly uri: string;
  readonly descriptor: ResourceDescriptor;
  readonly scopes: readonly string[];
  read(options?: ReadOptions): Promise<ResourceContents>;
}

/** RFC 3986 scheme, then anything but spaces: the protocol only asks for a URI. */
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;

export function defineResource(spec: ResourceSpec): Resource {
  if (!URI.test(spec.uri)) throw new TypeError(`Resource URI "${spec.uri}" must be an absolute URI such as docs://orders/statuses`);
  if (spec.name.trim() === '') throw new TypeError(`Resource "${spec.uri}" needs a name`);
  const descriptor: ResourceDescriptor = Object.freeze({
    uri: spec.uri,
    name: spec.name,
    ...(spec.title ? { title: spec.title } : {}),
    ...(spec.description ? { description: spec.description } : {}),
    ...(spec.mimeType ? { mimeType: spec.mimeType } : {}),
    ...(spec.meta ? { _meta: spec.meta } : {}),
  });
  return Object.freeze({
    uri: spec.uri,
    descriptor,
    scopes: Object.freeze([...(spec.scopes ?? [])]),
    async read(options?: ReadOptions): Promise<ResourceContents> {
      const body = bodyOf(await spec.read(options));
      return {
        uri: spec.uri,
        ...(spec.mimeType ? { mimeType: spec.mimeType } : {}),
        ...body,
        ...(spec.meta ? { _meta: spec.meta } : {}),
      };
    },
  });
}
