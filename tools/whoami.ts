// Example tool: shows whom the customer's API sees, proving the user's own credentials were passed through.
import { defineTool } from '../src/tools';

interface Me {
  userId: string;
  name: string;
  role: string;
  tenantId: string;
}

export default defineTool({
  name: 'whoami',
  description: "Tell who the signed-in user is according to the company's system: name, user id, role and organisation.",
  input: {},
  annotations: { readOnlyHint: true },
  async handler(_input, ctx) {
    const me = await ctx.api.get<Me>('/users/me');
    return `You are signed in as ${me.name} (user id ${me.userId}), role ${me.role}, in organisation ${me.tenantId}.`;
  },
});
