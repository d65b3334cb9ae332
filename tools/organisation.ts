// Example helper: which organisation (tenant) a write goes to. When the request names none and the user
// belongs to more than one, the user is asked (ctx.elicit); where the client cannot ask, the question
// goes back in the result's text for the assistant to relay.
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
  switch (choice.action) {
    case 'accept':
      return { tenantId: String(choice.content.organisation) };
    case 'decline':
    case 'cancel':
      return { answer: `The user did not choose an organisation, so ${what} was not placed.` };
    case 'unsupported':
      return { answer: `Which organisation should ${what} be placed in: ${tenants.join(' or ')}? Ask the user, then call this tool again with "organisation" set.` };
  }
}
