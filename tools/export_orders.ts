// Example tool that runs as a task (docs/tasks.md): exports every order as CSV, to the user's library where
// this server has one, else handed back in the result. Work like this can outlast a model's turn, so where
// the client can take a task it gets one at once and polls it; other clients (the hub's lane among them)
// wait for the result as for any tool. It reads the orders a status at a time, saying where it stands after
// each (the task's statusMessage), and stops when cancelled.
import { defineTool, ToolError } from '../src/tools';
import type { Order, OrderPage } from './types';
import { csvFilename, ordersCsv } from './save_orders_csv';

const STATUSES = ['open', 'shipped', 'cancelled'] as const;
/** The most CSV handed back in a result without a library: past it the model's context is the wrong place. */
const MAX_RETURNED_BYTES = 256 * 1024;

export default defineTool({
  name: 'export_orders',
  title: 'Export all orders',
  scopes: ['orders:read'],
  task: 'optional',
  description:
    "Export all of the user's orders, of every status, as a CSV file: saved in the user's file library, or, where this server has none, " +
    'returned in the reply. This may take a while: hosts that support tasks run it in the background. Says how many orders the file holds.',
  input: {
    filename: csvFilename('all-orders-<date>.csv'),
  },
  async handler({ filename }, ctx) {
    const orders: Order[] = [];
    for (const [done, status] of STATUSES.entries()) {
      ctx.status(`Reading the ${status} orders (${done} of ${STATUSES.length} statuses read, ${orders.length} orders so far)`);
      const { items } = await ctx.api.get<OrderPage>('/orders', { query: { status, limit: 100 } });
      orders.push(...items);
    }
    if (orders.length === 0) return 'There are no orders to export, so no file was made.';
    const name = filename ?? `all-orders-${new Date().toISOString().slice(0, 10)}.csv`;
    const csv = ordersCsv(orders);
    ctx.status(`Writing ${orders.length} orders to ${name}`);
    if (ctx.files.available) {
      await ctx.files.upload(name, csv, 'text/csv');
      return `Exported ${orders.length} order(s) to your library as "${name}".`;
    }
    if (Buffer.byteLength(csv) > MAX_RETURNED_BYTES) {
      throw new ToolError(
        `The export of ${orders.length} orders is too large to return in a reply, and this server has no file library to save it to. ` +
          'Search for fewer orders with search_orders instead, or ask your administrator to set up the file library.',
      );
    }
    return {
      content: [
        { type: 'text', text: `Exported ${orders.length} order(s) as "${name}", attached below (this server has no file library to save it to).` },
        { type: 'resource', resource: { uri: `file:///${encodeURIComponent(name)}`, mimeType: 'text/csv', text: csv } },
      ],
    };
  },
});
