// The Anthropic Messages API (Claude Code, through ANTHROPIC_BASE_URL): POST /v1/messages, streamed as
// server-sent events when the request says `stream: true`.
import { json, nextId, sse, type Dialect } from './dialect';
import { textOf, type Reply, type Seen } from './turn';

type Block = { type: string; text?: string; content?: unknown };
type Message = { role: string; content: string | Block[] };

export const anthropic: Dialect = {
  name: 'anthropic',
  matches: (method, path) => method === 'POST' && path === '/v1/messages',
  read(body): Seen {
    const messages = (body.messages ?? []) as Message[];
    const tools = ((body.tools ?? []) as Array<{ name?: string }>).flatMap((tool) => tool.name ?? []);
    const last = messages.at(-1);
    const blocks = typeof last?.content === 'string' ? [{ type: 'text', text: last.content }] : (last?.content ?? []);
    const result = blocks.find((block) => block.type === 'tool_result');
    const users = messages.filter((message) => message.role === 'user');
    const userText = (message: Message | undefined) =>
      typeof message?.content === 'string' ? message.content : (message?.content ?? []).filter((block) => block.type === 'text').map((block) => block.text).join('\n');
    return { tools, ...(result && { toolResult: textOf(result.content) }), userMessage: userText(users.at(-1)) };
  },
  write(res, reply: Reply, body) {
    const id = nextId('msg_');
    const model = String(body.model ?? 'scripted');
    const block =
      'call' in reply
        ? { type: 'tool_use', id: reply.call.id, name: reply.call.name, input: reply.call.arguments }
        : { type: 'text', text: reply.text };
    const stop = 'call' in reply ? 'tool_use' : 'end_turn';
    const usage = { input_tokens: 10, output_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    if (body.stream !== true) {
      json(res, 200, { id, type: 'message', role: 'assistant', model, content: [block], stop_reason: stop, stop_sequence: null, usage });
      return;
    }
    const start = block.type === 'tool_use' ? { ...block, input: {} } : { type: 'text', text: '' };
    const delta =
      'call' in reply
        ? { type: 'input_json_delta', partial_json: JSON.stringify(reply.call.arguments) }
        : { type: 'text_delta', text: reply.text };
    sse(res, [
      { event: 'message_start', data: { type: 'message_start', message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage } } },
      { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: start } },
      { event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta } },
      { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
      { event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 10 } } },
      { event: 'message_stop', data: { type: 'message_stop' } },
    ]);
  },
  other(req, res, path) {
    if (req.method === 'POST' && path === '/v1/messages/count_tokens') return json(res, 200, { input_tokens: 10 }), true;
    return false;
  },
};
