// Example tool: one record by id. The id goes into the URL path (encoded by ctx.api); a 404 is explained.
// The API's JSON is returned as it came (`as: 'text'`): no parse and re-stringify for a pass-through.
import { z } from 'zod';
import { defineTool, ToolError, UpstreamHttpError } from '../src/tools';

export default defineTool({
  name: 'get_order',
  scopes: ['orders:read'],
  description: 'Get the full details of one order by its id (as shown by search_orders): customer, status, lines and total.',
  input: {
    orderId: z.string().min(1).max(64).describe('The order id, e.g. "1001".'),
  },
  annotations: { readOnlyHint: true },
  async handler({ orderId }, ctx) {
    try {
      return await ctx.api.get('/orders/:id', { params: { id: orderId }, as: 'text' });
    } catch (error) {
      if (error instanceof UpstreamHttpError && error.status === 404) {
        throw new ToolError(`There is no order with id ${orderId}. Use search_orders to find the right id.`);
      }
      throw error;
    }
  },
});
