// A test host page for MCP Apps views (runs in the browser, bundled by ./index.ts): renders a view in a
// sandboxed iframe with ext-apps' AppBridge, and sends the view's tool calls to `window.hostCallTool`,
// which the test exposes from Node, where a real MCP client calls the tool server (or fails, as a host's
// call can). The host context (theme, style variables, fonts) is the test's, and can change while shown.
import { AppBridge, PostMessageTransport, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';

type CallToolParams = { name: string; arguments?: Record<string, unknown> };
type CallToolResult = { content: Array<{ type: string; text?: string }>; isError?: boolean; structuredContent?: Record<string, unknown> };

declare global {
  interface Window {
    hostCallTool(params: CallToolParams): Promise<CallToolResult>;
    showView(html: string, args: Record<string, unknown>, result: CallToolResult, context?: McpUiHostContext): Promise<void>;
    setHostContext(context: McpUiHostContext): void;
  }
}

/** What a host enforces from the view's `_meta.ui.csp` when it declares no domain: no network at all. */
const NO_NETWORK = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">`;

let shown: AppBridge | undefined;

window.showView = async function showView(html, args, result, context) {
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.id = 'view';
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
  iframe.srcdoc = html.replace(/<head>/i, `<head>${NO_NETWORK}`);
  await initialized;
  await bridge.sendToolInput({ arguments: args });
  await bridge.sendToolResult(result as never);
};

/** The host changes its context (the user switched the theme): ext-apps sends the view what changed. */
window.setHostContext = function setHostContext(context) {
  shown?.setHostContext(context);
};
