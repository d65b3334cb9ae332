// Prompts in oauth mode: a prompt's scopes are checked against the verified token,
// and its `get` reaches the customer's API with the credentials made for the caller (here an exchanged
// token), never the client's own.
import { definePrompt } from '../../src/prompts';
import { postMcp, startOAuthStack, type OAuthStack } from './oauth-stack';

const review = definePrompt({
  name: 'review',
  description: 'Reviews one item.',
  scopes: ['orders:read'],
  get: async (_args, ctx) => {
    const { id } = (await ctx.api.get('/items/prompted')) as { id: string };
    return `Review ${id}.`;
  },
});

let stack: OAuthStack;
beforeAll(async () => {
  stack = await startOAuthStack({ prompts: [review] });
});
afterAll(() => stack.close());

const get = { jsonrpc: '2.0', id: 1, method: 'prompts/get', params: { name: 'review' } };

it('refuses a token without the prompt’s scope as a tool call is refused: 403 insufficient_scope, naming it, for a step-up', async () => {
  const response = await postMcp(stack.url, get, await stack.token('narrow-1', []));
  expect(response.status).toBe(403);
  expect(response.headers.get('www-authenticate')).toMatch(/^Bearer error="insufficient_scope", scope="orders:read", resource_metadata="[^"]+", error_description="The prompt needs more scopes"$/);
  expect(await response.json()).toEqual({ error: 'insufficient_scope', message: 'The prompt review needs the scopes orders:read: authorize them and get it again.', scope: 'orders:read' });
});

it('renders for a token with it, calling the API with an exchanged token', async () => {
  const token = await stack.token('reader-1', ['orders:read']);
  const response = await postMcp(stack.url, get, token);
  const body = (await response.json()) as { result?: { messages: Array<{ content: { text: string } }> } };
  expect(body.result?.messages[0]?.content.text).toBe('Review prompted.');
  const seen = await stack.api.seen('/items/prompted');
  expect(seen.headers.authorization).toMatch(/^Bearer /);
  expect(seen.headers.authorization).not.toBe(`Bearer ${token}`);
});
