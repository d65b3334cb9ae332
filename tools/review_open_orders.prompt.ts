// Example prompt: "review my open orders" for one customer, whose name completes from the customer's API
// with the user's own credentials (hosts show prompts as slash commands and complete their arguments).
import { z } from 'zod';
import { completable, definePrompt } from '../src/prompts';

/** GET /orders, as far as this prompt reads it (its own type: it does not depend on the example tools' files). */
interface OrderPage {
  items: { id: string; customer: string; status: string; total: number; createdAt: string }[];
}

export default definePrompt({
  name: 'review_open_orders',
  title: 'Review open orders',
  description: "Asks the assistant to review one customer's open orders and suggest what to follow up.",
  arguments: {
    customer: completable(z.string().min(1).max(100).describe('The customer, e.g. "Northwind Traders".'), async (value, ctx) => {
      const { items } = await ctx.api.get<OrderPage>('/orders', { query: { customer: value || undefined, limit: 50 } });
      return [...new Set(items.map((order) => order.customer))].sort();
    }),
  },
  async get({ customer }, ctx) {
    const { items } = await ctx.api.get<OrderPage>('/orders', { query: { customer, status: 'open', limit: 50 } });
    const lines = items.map((order) => `#${order.id} · ${order.status} · ${order.total.toFixed(2)} · ${order.createdAt.slice(0, 10)}`);
    return [
      {
        role: 'user',
        content: {
          type: 'text',
          text:
            `Review the open orders of ${customer} and tell me which need a follow-up and why.\n` +
            (lines.length > 0 ? lines.join('\n') : '(There are no open orders for this customer.)'),
        },
      },
    ];
  },
});
