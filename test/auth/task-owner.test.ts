// In MCP_AUTH=oauth mode a task belongs to the verified subject, as a question's
// requestState does: the same user with another token finds it and can cancel it, in both eras; another
// user gets "Task not found", and tasks/list (2025-11-25) shows each user their own tasks only.
import { post2025, post2026 } from '../support/mcp-post';
import { finish, hold, taskTools } from '../support/task-tools';
import { startOAuthStack, type OAuthStack } from './oauth-stack';

const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } };

let stack: OAuthStack;
beforeAll(async () => {
  stack = await startOAuthStack({ tools: taskTools });
});
afterAll(async () => {
  finish();
  await stack.close();
});

const bearer = async (subject: string) => ({ authorization: `Bearer ${await stack.token(subject)}` });

describe('tasks in oauth mode', () => {
  it("2026-07-28: the subject's other token finds and cancels the task; another subject's is not found", async () => {
    hold();
    const first = await bearer('ada');
    const created = await post2026(stack.url, 'tools/call', { name: 'slow_export', arguments: {} }, { capabilities: TASKS, headers: first });
    expect(created.json.result).toMatchObject({ resultType: 'task', status: 'working' });
    const taskId = created.json.result!.taskId as string;
    const again = await bearer('ada');
    const other = await bearer('grace');
    expect(again.authorization).not.toBe(first.authorization); // another token (its own jti), the same subject
    expect((await post2026(stack.url, 'tasks/get', { taskId }, { headers: again })).json.result).toMatchObject({ taskId, status: 'working' });
    expect((await post2026(stack.url, 'tasks/get', { taskId }, { headers: other })).json.error).toMatchObject({ code: -32602, message: `Task not found: ${taskId}` });
    expect((await post2026(stack.url, 'tasks/cancel', { taskId }, { headers: other })).json.error).toMatchObject({ code: -32602 });
    expect((await post2026(stack.url, 'tasks/cancel', { taskId }, { headers: again })).json.result).toMatchObject({ resultType: 'complete' });
    finish();
  });

  it('2025-11-25: tasks/get and tasks/list follow the subject, not the token', async () => {
    finish();
    const first = await bearer('lin');
    const created = await post2025(stack.url, 'tools/call', { name: 'slow_export', arguments: { label: 'mine' }, task: {} }, first);
    const taskId = (created.json.result!.task as { taskId: string }).taskId;
    const again = await bearer('lin');
    expect(again.authorization).not.toBe(first.authorization);
    const listed = (await post2025(stack.url, 'tasks/list', {}, again)).json.result!.tasks as Array<{ taskId: string }>;
    expect(listed.map((task) => task.taskId)).toEqual([taskId]);
    expect((await post2025(stack.url, 'tasks/list', {}, await bearer('max'))).json.result).toEqual({ tasks: [] });
    expect((await post2025(stack.url, 'tasks/get', { taskId }, await bearer('max'))).json.error).toMatchObject({ code: -32602 });
    expect((await post2025(stack.url, 'tasks/result', { taskId }, again)).json.result).toMatchObject({ content: [{ text: 'Exported mine' }] });
  });
});
