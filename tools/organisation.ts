// Example helper: which organisation (tenant) a write goes to. When the request names none and the user
// belongs to more than one, the user is asked (ctx.elicit); where there is no answer (declined, closed,
// or a client that cannot ask) the question and its choices go back in the result's text.
import type { ToolContext } from '../src/tools';

interface Me {
  tenantId: string;
  tenants?: string[];
}

/** The X-Tenant-Id to send, none (the API's default applies), or the sentence to answer with instead. */
export type Organisation = { tenantId?: string } | { answer: string };

export async function chooseOrganisation(ctx: ToolContext, named: string | undefined, what: string): Promise<Organisation> {
  if (named !== undefined) return { tenantId: named };
  if (ctx.caller.tenantId !== undefined) return {}; // the request already names one (X-Tenant-Id)
  const me = await ctx.api.get<Me>('/users/me');
  const tenants = me.tenants ?? [];
  if (tenants.length <= 1) return {};
  const choice = await ctx.elicit({
    message: `You belong to ${tenants.length} organisations. Which one should ${what} be placed in?`,
    schema: {
      type: 'object',
      properties: { organisation: { type: 'string', title: 'Organisation', oneOf: tenants.map((tenant) => ({ const: tenant, title: tenant })), default: me.tenantId } },
      required: ['organisation'],
    },
  });
  if (choice.action === 'accept') return { tenantId: String(choice.content.organisation) };
  // Declined, closed, or no one to ask: the framework's sentence names the choices and the call to make.
  return { answer: `${what.charAt(0).toUpperCase()}${what.slice(1)} was not placed. ${choice.nextStep}` };
}
