// Example view (MCP Apps): the interactive table a host shows for search_orders. Its source is
// tools/views/search_orders/ (index.html, app.ts); `npm run build` makes it one self-contained file.
import { builtView, defineView, type ViewSpec } from '../src/resources';

/** The view's declaration; its test serves the same declaration with the HTML it has just built. */
export const searchOrdersView: ViewSpec = {
  uri: 'ui://orders/search_orders',
  name: 'search_orders',
  title: 'Orders',
  description: "An interactive table of the user's orders: open one, or create one after a confirm step.",
  html: builtView('search_orders'),
  // No network at all: the view talks only to its host, which calls get_order and create_order for it.
  csp: { connectDomains: [], resourceDomains: [] },
  prefersBorder: true,
};

export default defineView(searchOrdersView);
