// The OpenAI Responses API (Codex, through a `model_providers` entry with `wire_api = "responses"`):
// POST /v1/responses, streamed as server-sent events.
import { json, nextId, sse, type Dialect } from './dialect';
import { textOf, type Reply, type Seen } from './turn';

type Item = { type?: string; role?: string; content?: unknown; output?: unknown; name?: string; namespace?: string };
type Tool = { type?: string; name?: string; tools?: Tool[] };

/** Tool names as the model calls them; a namespace's tools are `<namespace>__<tool>` flattened here. */
function names(tools: readonly Tool[], prefix = ''): string[] {
  return tools.flatMap((tool) => (tool.tools ? names(tool.tools, `${tool.name ?? ''}__`) : tool.name ? [`${prefix}${tool.name}`] : []));
}

export const responses: Dialect = {
  name: 'responses',
  matches: (method, path) => method === 'POST' && path === '/v1/responses',
  read(body): Seen {
    const input = (Array.isArray(body.input) ? body.input : [{ role: 'user', content: body.input }]) as Item[];
    const last = input.at(-1);
    const users = input.filter((item) => item.role === 'user');
    return {
      tools: names((body.tools ?? []) as Tool[]),
      ...(last?.type === 'function_call_output' && { toolResult: textOf(last.output) }),
      userMessage: textOf(users.at(-1)?.content),
    };
  },
  write(res, reply: Reply, body) {
    const id = nextId('resp_');
    const item =
      'call' in reply
        ? { type: 'function_call', id: nextId('fc_'), status: 'completed', call_id: reply.call.id, ...split(reply.call.name), arguments: JSON.stringify(reply.call.arguments) }
        : { type: 'message', id: nextId('msg_'), status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: reply.text, annotations: [] }] };
    const response = { id, object: 'response', status: 'completed', model: String(body.model ?? 'scripted'), output: [item] };
    const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 10, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 20 };
    sse(res, [
      { event: 'response.created', data: { type: 'response.created', response: { ...response, status: 'in_progress', output: [] } } },
      { event: 'response.output_item.added', data: { type: 'response.output_item.added', output_index: 0, item } },
      ...('text' in reply ? [{ event: 'response.output_text.delta', data: { type: 'response.output_text.delta', item_id: item.id, output_index: 0, content_index: 0, delta: reply.text } }] : []),
      { event: 'response.output_item.done', data: { type: 'response.output_item.done', output_index: 0, item } },
      { event: 'response.completed', data: { type: 'response.completed', response: { ...response, usage } } },
    ]);
  },
  other(req, res, path) {
    if (req.method === 'GET' && path === '/v1/models') return json(res, 200, { object: 'list', data: [{ id: 'scripted', object: 'model', owned_by: 'scripted' }] }), true;
    return false;
  },
};

/** A namespaced name (`mcp__orders__get_order`) as Codex expects it back: the namespace and the tool apart. */
function split(name: string): { name: string; namespace?: string } {
  const at = name.lastIndexOf('__');
  return at > 0 && name.startsWith('mcp__') ? { namespace: name.slice(0, at), name: name.slice(at + 2) } : { name };
}
