// POST /mcp read as an event stream, message by message as it arrives: for the tests of notifications and
// server-to-client requests on the POST's stream. Each `data:` line is one JSON-RPC message.

export type Message = { jsonrpc: '2.0'; id?: string | number; method?: string; params?: Record<string, unknown>; result?: Record<string, unknown>; error?: { code: number; message: string } };

export interface StreamedPost {
  status: number;
  contentType: string | null;
  /** The next message on the stream (in order); rejects when the stream ends first. */
  next(): Promise<Message>;
  /** Messages until (and with) the answer to the request: everything the stream carried. */
  rest(): Promise<Message[]>;
}

export async function postStreaming(url: string, body: unknown, headers: Record<string, string> = {}): Promise<StreamedPost> {
  const response = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
  const contentType = response.headers.get('content-type');
  const queue: Message[] = [];
  let buffer = '';
  let ended = false;
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  async function fill(): Promise<void> {
    while (queue.length === 0 && !ended) {
      const { value, done } = await reader.read();
      if (done) {
        ended = true;
        if (!contentType?.includes('event-stream') && buffer.trim() !== '') queue.push(JSON.parse(buffer) as Message);
        break;
      }
      buffer += decoder.decode(value, { stream: true });
      if (!contentType?.includes('event-stream')) continue;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        if (data !== '') queue.push(JSON.parse(data) as Message);
      }
    }
  }
  const id = (body as { id?: unknown }).id;
  return {
    status: response.status,
    contentType,
    async next() {
      await fill();
      const message = queue.shift();
      if (message === undefined) throw new Error('the stream ended');
      return message;
    },
    async rest() {
      const all: Message[] = [];
      for (;;) {
        await fill();
        const message = queue.shift();
        if (message === undefined) return all;
        all.push(message);
        if (message.id === id && message.method === undefined) return all;
      }
    },
  };
}

/** POSTs a client's answer (a JSON-RPC response) to /mcp. */
export async function postAnswer(url: string, answer: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const response = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(answer),
  });
  return { status: response.status, text: await response.text() };
}
