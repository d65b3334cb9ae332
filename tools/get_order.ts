// Example tool: one record by id. The id goes into the URL path (encoded by ctx.api); a 404 is explained.
// Its `output` names the fields a client gets (structuredContent, and the same JSON as text): the API's
// other fields (its tenant, who created it) are left out.
import { z } from 'zod';
import { defineTool, ToolError, UpstreamHttpError } from '../src/tools';
import type { Order } from './types';

export default defineTool({
  name: 'get_order',
  scopes: ['orders:read'],
  description: 'Get the full details of one order by its id (as shown by search_orders): customer, status, lines and total.',
  input: {
    orderId: z.string().min(1).max(64).describe('The order id, e.g. "1001".'),
  },
  output: {
    id: z.string(),
    customer: z.string(),
    status: z.string(),
    lines: z.array(z.object({ sku: z.string(), quantity: z.number(), unitPrice: z.number() })),
    total: z.number(),
    createdAt: z.string().describe('When the order was placed (ISO 8601).'),
  },
  annotations: { readOnlyHint: true },
  async handler({ orderId }, ctx) {
    try {
      return await ctx.api.get<Order>('/orders/:id', { params: { id: orderId } });
    } catch (error) {
      if (error instanceof UpstreamHttpError && error.status === 404) {
        throw new ToolError(`There is no order with id ${orderId}. Use search_orders to find the right id.`);
      }
      throw error;
    }
  },
});
