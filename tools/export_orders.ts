// Example tool that runs as a task (docs/tasks.md): exports every order to the user's library as CSV. Work
// like this can outlast a model's turn, so where the client can take a task it gets one at once and polls
// it; other clients (the hub's lane among them) wait for the result as for any tool. It reads the orders a
// status at a time, saying where it stands after each (the task's statusMessage), and stops when cancelled.
import { defineTool } from '../src/tools';
import type { Order, OrderPage } from './types';
import { csvFilename, ordersCsv } from './save_orders_csv';

const STATUSES = ['open', 'shipped', 'cancelled'] as const;

export default defineTool({
  name: 'export_orders',
  title: 'Export all orders',
  scopes: ['orders:read'],
  task: 'optional',
  description:
    "Export all of the user's orders, of every status, to a CSV file in the user's file library. This may take a while: " +
    'hosts that support tasks run it in the background. Returns the name the file was saved under and how many orders it holds.',
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
    if (orders.length === 0) return 'There are no orders to export, so no file was saved.';
    const name = filename ?? `all-orders-${new Date().toISOString().slice(0, 10)}.csv`;
    ctx.status(`Writing ${orders.length} orders to ${name}`);
    await ctx.files.upload(name, ordersCsv(orders), 'text/csv');
    return `Exported ${orders.length} order(s) to your library as "${name}".`;
  },
});
