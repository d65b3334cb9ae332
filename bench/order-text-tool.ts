// The bench's pass-through tool, get_order_text: tools/get_order.ts without its `output` (the same input,
// the same API request, the same handler), so the API's text goes back as it came on every lane and nothing
// is parsed or checked. The mcp phase measures it beside get_order, ours and the limit alike, so the path of
// a tool without an output is watched as well as the structured one. Bench-only: the example tools stay as
// they are, and ./add-order-text.ts adds this one to the build under test.
import { z } from 'zod';
import type * as ToolsModule from '../src/tools';

export const ORDER_TEXT_TOOL = 'get_order_text';

/** What the tool is made with: the `src/tools` of the build that serves it (ours, or the --before build). */
export type ToolKit = Pick<typeof ToolsModule, 'defineTool' | 'ToolError' | 'UpstreamHttpError'>;

export function orderTextTool({ defineTool, ToolError, UpstreamHttpError }: ToolKit): ToolsModule.Tool {
  return defineTool({
    name: ORDER_TEXT_TOOL,
    scopes: ['orders:read'],
    description: 'Get the full details of one order by its id, as the order API wrote them.',
    input: {
      orderId: z.string().min(1).max(64).describe('The order id, e.g. "1001".'),
    },
    annotations: { readOnlyHint: true },
    async handler({ orderId }, ctx) {
      try {
        return await ctx.api.get('/orders/:id', { params: { id: orderId }, as: 'text' });
      } catch (error) {
        if (error instanceof UpstreamHttpError && error.status === 404) {
          throw new ToolError(`There is no order with id ${orderId}.`, { cause: error });
        }
        throw error;
      }
    },
  });
}
