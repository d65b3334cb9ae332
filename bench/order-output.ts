// The SDK baselines' get_order declares the same output as the template's (tools/get_order.ts), so each
// server checks the order against it and sends it as structuredContent beside its JSON text.
import { z } from 'zod';

export const orderOutput = {
  id: z.string(),
  customer: z.string(),
  status: z.string(),
  lines: z.array(z.object({ sku: z.string(), quantity: z.number(), unitPrice: z.number() })),
  total: z.number(),
  createdAt: z.string(),
  createdBy: z.string().optional(),
  tenantId: z.string().optional(),
};
