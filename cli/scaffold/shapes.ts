// Pieces of generated source shared by `npm run new-tool` and `npm run openapi`: the annotations a
// method implies, and the lines that start and stop a generated test's fake API and tool server.
import type { HttpMethod } from '../../src/tools';

/** MCP tool annotations from the HTTP method: GET reads, DELETE destroys, PUT is idempotent. */
export const ANNOTATIONS: Record<HttpMethod, string> = {
  GET: '{ readOnlyHint: true }',
  POST: '{ destructiveHint: false, idempotentHint: false }',
  PUT: '{ destructiveHint: false, idempotentHint: true }',
  PATCH: '{ destructiveHint: false, idempotentHint: false }',
  DELETE: '{ destructiveHint: true, idempotentHint: true }',
};

/** After the fake API's routes: start the tool server with the one tool, and close both after the tests. */
export function serverLifecycle(identifier: string, view?: string): string[] {
  return [
    `  server = await startToolServer({ tools: [${identifier}], ${view ? `resources: [${view}], ` : ''}apiUrl: api.url });`,
    '});',
    'afterAll(async () => {',
    '  await server.close();',
    '  await api.close();',
    '});',
  ];
}
