// Follows the host's look (MCP Apps host context): its theme, its colour and font variables, its fonts.
// Until the host names a theme, the page's `color-scheme: light dark` follows the OS (prefers-color-scheme).
import { applyDocumentTheme, applyHostFonts, applyHostStyleVariables, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';

/** Applies what the host context (or a change to it) says; fields it leaves out keep their value. */
export function followHost(context: Partial<McpUiHostContext> | undefined): void {
  if (context?.theme) applyDocumentTheme(context.theme);
  if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables);
  if (context?.styles?.css?.fonts) applyHostFonts(context.styles.css.fonts);
}
