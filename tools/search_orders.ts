// Example tool: a filtered list from the customer's API. An empty answer is an ordinary result, not an error.
// Its `output` is what the view reads (structuredContent); `text` is what the model reads, one line per order.
import { z } from 'zod';
import { defineTool } from '../src/tools';
import type { Me, OrderPage } from './types';

/** The search filters, shared with save_orders_csv so both tools read the same to the model. */
export const orderFilters = {
  status: z.enum(['open', 'shipped', 'cancelled']).optional().describe('Only orders with this status.'),
  customer: z.string().max(100).optional().describe("Part of the customer's name, case-insensitive."),
};

export default defineTool({
  name: 'search_orders',
  scopes: ['orders:read'],
  description:
    "Search the signed-in user's orders. Filter by status and/or part of the customer's name. " +
    'Returns one line per order: id, customer, status and total. Use get_order for the full details of one order.',
  input: {
    ...orderFilters,
    limit: z.number().int().min(1).max(50).default(10).describe('How many orders to return at most (1-50).'),
  },
  output: {
    orders: z.array(z.object({ id: z.string(), customer: z.string(), status: z.string(), total: z.number() })).describe('The orders shown.'),
    total: z.number().int().describe('How many orders match, shown or not.'),
    canCreate: z.boolean().describe('Whether the user may create orders (their role, as the API says).'),
  },
  text: ({ orders, total }) => {
    if (orders.length === 0) return 'No orders were found matching that search.';
    const lines = orders.map((o) => `#${o.id} · ${o.customer} · ${o.status} · ${o.total.toFixed(2)}`);
    const more = total > orders.length ? `\n(${total - orders.length} more not shown; narrow the search or raise the limit.)` : '';
    return `Found ${total} order(s):\n${lines.join('\n')}${more}`;
  },
  annotations: { readOnlyHint: true },
  // Hosts that show MCP Apps views render the results in this table (tools/search_orders.view.ts).
  view: 'ui://orders/search_orders',
  async handler({ status, customer, limit }, ctx) {
    const [{ items, total }, me] = await Promise.all([
      ctx.api.get<OrderPage>('/orders', { query: { status, customer, limit } }),
      // For the view only: it offers the create form to those the API lets create (managers, in the example API).
      ctx.api.get<Me>('/users/me'),
    ]);
    const orders = items.map(({ id, customer, status, total }) => ({ id, customer, status, total }));
    return { orders, total, canCreate: me.role === 'manager' };
  },
});
