// A test host page for MCP Apps views (runs in the browser, bundled by ./index.ts): renders a view in a
// sandboxed iframe with ext-apps' AppBridge, under the Content Security Policy its `_meta.ui.csp` asks for
// (as the MCP Apps specification tells hosts to build it; none declared: no network at all), and sends the
// view's tool calls to `window.hostCallTool`, which the test exposes from Node, where a real MCP client
// calls the tool server (or fails, as a host's call can). Several views may be shown side by side. The host
// context (theme, style variables, fonts) is the test's, and can change while shown.
import { AppBridge, PostMessageTransport, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';

type CallToolParams = { name: string; arguments?: Record<string, unknown> };
type CallToolResult = { content: Array<{ type: string; text?: string }>; isError?: boolean; structuredContent?: Record<string, unknown> };

declare global {
  interface Window {
    hostCallTool(params: CallToolParams): Promise<CallToolResult>;
    /** Shows a view in a new frame; resolves with the frame's id once the view has initialized. */
    showView(html: string, args: Record<string, unknown>, result: CallToolResult, context?: McpUiHostContext, options?: ShowOptions): Promise<string>;
    setHostContext(context: McpUiHostContext): void;
  }
}

/** The view's `_meta.ui.csp` (the parts this host applies). */
type ViewCsp = { connectDomains?: string[]; resourceDomains?: string[] };

interface ShowOptions {
  csp?: ViewCsp;
  /**
   * `opaque` (default): `sandbox="allow-scripts"`, each frame an origin of its own. `host`: also
   * `allow-same-origin`, every frame in one origin, as a host's sandbox proxy gives its views (SEP-1865).
   */
  origin?: 'opaque' | 'host';
}

/**
 * What a host enforces from the view's `_meta.ui.csp`: scripts, styles, images and fonts from its
 * resourceDomains, fetch from its connectDomains, nothing else. None declared: no network at all.
 */
function policy(csp: ViewCsp = {}): string {
  const from = (domains: string[] | undefined) => (domains ?? []).filter((domain) => /^https?:\/\/[^\s;'"]+$/.test(domain)).join(' ');
  const resources = from(csp.resourceDomains);
  const connect = from(csp.connectDomains);
  const directives = [
    "default-src 'none'",
    `script-src 'unsafe-inline'${resources ? ` ${resources}` : ''}`,
    `style-src 'unsafe-inline'${resources ? ` ${resources}` : ''}`,
    `img-src data:${resources ? ` ${resources}` : ''}`,
    ...(resources ? [`font-src ${resources}`] : []),
    ...(connect ? [`connect-src ${connect}`] : []),
  ];
  return `<meta http-equiv="Content-Security-Policy" content="${directives.join('; ')}">`;
}

let shown: AppBridge | undefined;
let frames = 0;

window.showView = async function showView(html, args, result, context, { csp, origin = 'opaque' } = {}) {
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', origin === 'host' ? 'allow-scripts allow-same-origin' : 'allow-scripts');
  iframe.id = `view-${++frames}`;
  document.body.append(iframe);
  const bridge = new AppBridge(null, { name: 'view test host', version: '1.0.0' }, { serverTools: {}, logging: {} }, context ? { hostContext: context } : {});
  shown = bridge;
  bridge.oncalltool = (params) => window.hostCallTool(params as CallToolParams) as never;
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) iframe.style.height = `${height}px`;
  };
  const initialized = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
  // Connected before the view loads, or its ui/initialize is lost (DESIGN.md, pitfalls).
  await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
  iframe.srcdoc = html.replace(/<head>/i, `<head>${policy(csp)}`);
  await initialized;
  await bridge.sendToolInput({ arguments: args });
  await bridge.sendToolResult(result as never);
  return iframe.id;
};

/** The host changes its context (the user switched the theme): ext-apps sends the view what changed. */
window.setHostContext = function setHostContext(context) {
  shown?.setHostContext(context);
};
