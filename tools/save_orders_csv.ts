// Example tool: runs an order search and writes the result to the user's library as CSV.
import { z } from 'zod';
import { defineTool } from '../src/tools';
import type { Order, OrderPage } from './types';
import { orderFilters } from './search_orders';

function csvCell(value: string | number): string {
  const text = String(value);
  // Quote when needed; a leading = + - @ would be run as a formula by spreadsheet programs.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) || safe !== text ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function ordersCsv(orders: readonly Order[]): string {
  const rows = orders.map((o) => [o.id, o.customer, o.status, o.total.toFixed(2), o.createdAt].map(csvCell).join(','));
  return ['id,customer,status,total,created_at', ...rows].join('\r\n') + '\r\n';
}

/** The input a CSV export takes for the name to save under (a file in the user's library: no folders). */
export function csvFilename(fallback: string) {
  return z
    .string()
    .min(1)
    .max(200)
    .regex(/^[^/\\\u0000-\u001f]+$/, 'must not contain slashes or control characters')
    .optional()
    .describe(`Name to save under; defaults to ${fallback}.`);
}

export default defineTool({
  name: 'save_orders_csv',
  scopes: ['orders:read'],
  description:
    "Search the user's orders (same filters as search_orders) and save the results as a CSV file in the user's file library. " +
    'Returns the name the file was saved under. Use this when the user asks for an export or a spreadsheet.',
  input: {
    ...orderFilters,
    filename: csvFilename('orders-<date>.csv'),
  },
  async handler({ status, customer, filename }, ctx) {
    // Progress lines for the host's log (notifications/message, where the client asked for them).
    ctx.log('info', 'Searching the orders');
    const { items } = await ctx.api.get<OrderPage>('/orders', { query: { status, customer, limit: 100 } });
    if (items.length === 0) return 'No orders were found matching that search, so no file was saved.';
    const name = filename ?? `orders-${new Date().toISOString().slice(0, 10)}.csv`;
    ctx.log('info', `Writing ${items.length} order(s) to ${name}`);
    await ctx.files.upload(name, ordersCsv(items), 'text/csv');
    ctx.log('info', 'Saved to the library');
    return `Saved ${items.length} order(s) to your library as "${name}".`;
  },
});
