// Example tool: one record by id. The id goes into the URL path (encoded by ctx.api); a 404 is explained.
// Its `output` is the order as data (structuredContent, which the view reads). It returns the API's JSON
// as text (`as: 'text'`): the model reads it as it came; it is parsed and checked only for a client that
// receives structuredContent, never for the hub, which cannot use it (docs/tools.md).
import { z } from 'zod';
import { defineTool, ToolError, UpstreamHttpError } from '../src/tools';

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
    status: z.string().describe('open, shipped or cancelled.'),
    lines: z.array(z.object({ sku: z.string(), quantity: z.number(), unitPrice: z.number() })),
    total: z.number(),
    createdAt: z.string().describe('When it was placed (ISO 8601).'),
    createdBy: z.string().optional().describe('Who placed it.'),
    tenantId: z.string().optional().describe('The organisation it belongs to.'),
  },
  annotations: { readOnlyHint: true },
  async handler({ orderId }, ctx) {
    try {
      return await ctx.api.get('/orders/:id', { params: { id: orderId }, as: 'text' });
    } catch (error) {
      if (error instanceof UpstreamHttpError && error.status === 404) {
        throw new ToolError(`There is no order with id ${orderId}. Use search_orders to find the right id.`, { cause: error });
      }
      throw error;
    }
  },
});
