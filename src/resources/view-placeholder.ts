// What a 2025-era client that did not declare MCP Apps reads in place of a view: a short page
// that says what the view is and which tool answers the same data as text, instead of ~400 KB of HTML and
// script that a host without views would hand its model. Under 1 KB; a host that shows views and reads it
// anyway (it declared the extension but did not send back the Mcp-Session-Id) shows the sentence.
import type { ResourceContents, ResourceDescriptor } from './define-resource';
import { UI_EXTENSION, VIEW_MIME_TYPE } from './define-view';

const escaped = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The sentence the page holds, for `view` shown by the tools named `tools` (those the model can call). */
export function placeholderSentence(view: Pick<ResourceDescriptor, 'uri'>, tools: readonly string[]): string {
  const shownWith = tools.length === 0 ? '' : ` beside the result of ${tools.join(' or ')}`;
  const instead = tools.length === 0 ? '' : ` Call ${tools.join(' or ')} instead: its result holds the same data as text.`;
  return (
    `${view.uri} is an MCP Apps view: an interactive page that hosts which show MCP Apps render${shownWith}. ` +
    `This client did not declare the ${UI_EXTENSION} extension when it connected, so the view is not sent here.${instead}`
  );
}

/** The contents answered in place of `view`: built once per view, the same for every such client. */
export function viewPlaceholder(view: ResourceDescriptor, tools: readonly string[]): ResourceContents {
  const title = escaped(view.title ?? view.name);
  const text =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
    `<body><p>${escaped(placeholderSentence(view, tools))}</p></body></html>`;
  return Object.freeze({ uri: view.uri, mimeType: VIEW_MIME_TYPE, text });
}
