// Gemini's generateContent and streamGenerateContent (Gemini CLI, through GOOGLE_GEMINI_BASE_URL):
// POST /v1beta/models/<model>:generateContent, or :streamGenerateContent?alt=sse as server-sent events.
import { json, sse, type Dialect } from './dialect';
import type { Reply, Seen } from './turn';

type Part = { text?: string; functionResponse?: { name?: string; response?: unknown } };
type Content = { role?: string; parts?: Part[] };

export const gemini: Dialect = {
  name: 'gemini',
  matches: (method, path) => method === 'POST' && /^\/v1(beta)?\/models\/[^/:]+:(stream)?[gG]enerateContent$/.test(path),
  read(body): Seen {
    const contents = (body.contents ?? []) as Content[];
    const tools = ((body.tools ?? []) as Array<{ functionDeclarations?: Array<{ name?: string }> }>).flatMap((tool) => (tool.functionDeclarations ?? []).flatMap((declaration) => declaration.name ?? []));
    const last = contents.at(-1);
    const results = (last?.parts ?? []).flatMap((part) => (part.functionResponse ? [part.functionResponse] : []));
    const users = contents.filter((content) => content.role === 'user' && (content.parts ?? []).some((part) => part.text !== undefined));
    return {
      tools,
      // The host wraps the tool's text as { output: "…" } (or { error: "…" }): the whole object is what the model reads.
      ...(results.length > 0 && { toolResult: results.map((result) => JSON.stringify(result.response)).join('\n') }),
      userMessage: (users.at(-1)?.parts ?? []).flatMap((part) => part.text ?? []).join('\n'),
    };
  },
  write(res, reply: Reply, _body, path) {
    const part = 'call' in reply ? { functionCall: { id: reply.call.id, name: reply.call.name, args: reply.call.arguments } } : { text: reply.text };
    const answer = {
      candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
      modelVersion: 'scripted',
    };
    if (path.includes(':stream')) sse(res, [{ data: answer }]);
    else json(res, 200, answer);
  },
  other(req, res, path) {
    if (req.method === 'POST' && path.endsWith(':countTokens')) return json(res, 200, { totalTokens: 10 }), true;
    return false;
  },
};
