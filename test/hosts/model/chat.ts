// OpenAI-compatible chat completions (opencode, through a custom provider in opencode.json):
// POST /v1/chat/completions, streamed as server-sent events ending with [DONE].
import { json, nextId, sse, type Dialect } from './dialect';
import { textOf, type Reply, type Seen } from './turn';

type Message = { role?: string; content?: unknown };

export const chat: Dialect = {
  name: 'chat',
  matches: (method, path) => method === 'POST' && path === '/v1/chat/completions',
  read(body): Seen {
    const messages = (body.messages ?? []) as Message[];
    const tools = ((body.tools ?? []) as Array<{ function?: { name?: string } }>).flatMap((tool) => tool.function?.name ?? []);
    const last = messages.at(-1);
    const users = messages.filter((message) => message.role === 'user');
    return { tools, ...(last?.role === 'tool' && { toolResult: textOf(last.content) }), userMessage: textOf(users.at(-1)?.content) };
  },
  write(res, reply: Reply, body) {
    const id = nextId('chatcmpl-');
    const base = { id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: String(body.model ?? 'scripted') };
    const delta =
      'call' in reply
        ? { role: 'assistant', content: null, tool_calls: [{ index: 0, id: reply.call.id, type: 'function', function: { name: reply.call.name, arguments: JSON.stringify(reply.call.arguments) } }] }
        : { role: 'assistant', content: reply.text };
    const finish = 'call' in reply ? 'tool_calls' : 'stop';
    const usage = { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 };
    if (body.stream !== true) {
      const { role, content, ...rest } = delta as { role: string; content: string | null };
      json(res, 200, { ...base, object: 'chat.completion', choices: [{ index: 0, message: { role, content, ...rest }, finish_reason: finish }], usage });
      return;
    }
    sse(res, [
      { data: { ...base, choices: [{ index: 0, delta, finish_reason: null }] } },
      { data: { ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }], usage } },
      { data: '[DONE]' },
    ]);
  },
  other(req, res, path) {
    if (req.method === 'GET' && path === '/v1/models') return json(res, 200, { object: 'list', data: [{ id: 'scripted', object: 'model', owned_by: 'scripted' }] }), true;
    return false;
  },
};
