// What a view asks of the host's frame (MCP Apps `_meta.ui.csp` and `permissions`), as types only: one
// floor below define-view.ts and view-assets.ts, which both speak of a view's CSP.

/** Origins the host's Content Security Policy lets the view reach; none by default (no network at all). */
export interface ViewCsp {
  /** fetch, XHR and WebSocket. */
  connectDomains?: readonly string[];
  /** Scripts, styles, images, fonts and media. */
  resourceDomains?: readonly string[];
  /** Nested frames. */
  frameDomains?: readonly string[];
  baseUriDomains?: readonly string[];
}

/** Browser permissions the view asks the host's frame for; none by default. */
export interface ViewPermissions {
  camera?: Record<string, never>;
  microphone?: Record<string, never>;
  geolocation?: Record<string, never>;
  clipboardWrite?: Record<string, never>;
}
