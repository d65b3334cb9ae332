// A 2026-07-28 `subscriptions/listen` for task status notifications (the Tasks extension), read as its
// event stream: for the tests of notifications/tasks in one process and across replicas.
import { MODERN } from './mcp-post';
import { postStreaming, type StreamedPost } from './mcp-stream';

export const TASKS_AND_FORMS = { extensions: { 'io.modelcontextprotocol/tasks': {} }, elicitation: { form: {} } };
export const SUBSCRIPTION = 'io.modelcontextprotocol/subscriptionId';

export function listen(base: string, notifications: Record<string, unknown>, headers: Record<string, string>, capabilities: Record<string, unknown> = TASKS_AND_FORMS, id = 7): Promise<StreamedPost> {
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientCapabilities': capabilities,
    'io.modelcontextprotocol/clientInfo': { name: 'listen-test', version: '1.0.0' },
  };
  return postStreaming(base, { jsonrpc: '2.0', id, method: 'subscriptions/listen', params: { notifications, _meta } }, { 'mcp-protocol-version': MODERN, 'mcp-method': 'subscriptions/listen', ...headers });
}
