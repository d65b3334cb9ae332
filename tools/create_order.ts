// Example tool: a write with a JSON body. Whether the user may do it is the customer API's decision (403).
import { z } from 'zod';
import { defineTool, ToolError } from '../src/tools';
import { chooseOrganisation } from './organisation';
import type { Order } from './types';

export default defineTool({
  name: 'create_order',
  scopes: ['orders:write'],
  description:
    'Create a new order for a customer. Only use this when the user has clearly asked to place an order ' +
    'and has confirmed the customer and the lines. Returns the new order id and total.',
  input: {
    customer: z.string().min(1).max(100).describe('The customer the order is for, e.g. "Northwind Traders".'),
    lines: z
      .array(
        z.object({
          sku: z.string().min(1).max(40).describe('Product code, e.g. "WIDGET-1".'),
          quantity: z.number().int().min(1).max(10_000).describe('How many units.'),
          unitPrice: z.number().min(0).describe('Price per unit in the account currency.'),
        }),
      )
      .min(1)
      .max(50)
      .describe('The order lines.'),
    organisation: z.string().min(1).max(64).optional().describe('The organisation to place it in, when the user named one.'),
  },
  output: { id: z.string(), customer: z.string(), lineCount: z.number().int(), total: z.number() },
  text: (order) => `Created order #${order.id} for ${order.customer}: ${order.lineCount} line(s), total ${order.total.toFixed(2)}.`,
  annotations: { destructiveHint: false, idempotentHint: false },
  async handler({ customer, lines, organisation }, ctx) {
    // A user of several organisations is asked which one (tools/organisation.ts); where no one can be
    // asked, the tool ends with the question for the assistant to relay (a result without an order).
    const chosen = await chooseOrganisation(ctx, organisation, `the order for ${customer}`);
    if ('answer' in chosen) throw new ToolError(chosen.answer);
    const options = chosen.tenantId ? { headers: { 'x-tenant-id': chosen.tenantId } } : undefined;
    const order = await ctx.api.post<Order>('/orders', { customer, lines }, options);
    return { id: order.id, customer: order.customer, lineCount: order.lines.length, total: order.total };
  },
});
