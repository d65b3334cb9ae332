// What `npm run remove-examples` deletes: the bundled example API, the example tools, their own test and
// the answer types only they read. Everything else in tools/ is the fork's own and is never touched.

/** The example API (its tests live inside it, so they go with it). */
export const EXAMPLE_API = 'example-api';

/** Modules of tools/ (without ".ts") that are the examples; tools/index.ts imports the tools among them. */
export const EXAMPLE_MODULES: readonly string[] = [
  'search_orders',
  'get_order',
  'create_order',
  'whoami',
  'read_library_file',
  'save_orders_csv',
  'export_orders',
  'organisation',
  'review_open_orders.prompt',
  'search_orders.view',
  'types',
];

/** Folders of tools/views/ that are the examples' views (their sources: index.html, app.ts). */
export const EXAMPLE_VIEWS: readonly string[] = ['search_orders'];

/**
 * The host matrix (scripts/host-matrix.sh): its turns call the example tools against the example API, so
 * it goes with them, with the test that keeps its configurations equal to docs/connect-your-host.md.
 */
export const EXAMPLE_MATRIX: readonly string[] = ['test/hosts', 'test/docs/connect-your-host.test.ts'];

/** The examples' own pages: docs/ pages of the template name them only in a plain sentence, never a link. */
export const EXAMPLE_DOCS = 'docs/examples';

/** The examples' own tests: they test nothing but the examples. */
export const EXAMPLE_TESTS: readonly string[] = ['example-tools.test.ts', 'export_orders.test.ts', 'search_orders.view.test.ts', 'search_orders.shared-view.test.ts'];
