import { createHostCheck } from '../../src/door/hosts';
import { startStack, type Stack } from '../support/stack';
import { SseClient } from '../support/sse-client';
import { raw, toolCall } from './request';

describe('door: Host and Origin (development defaults)', () => {
  let stack: Stack;
  let port: string;
  beforeAll(async () => {
    stack = await startStack();
    port = new URL(stack.url).port;
  });
  afterAll(() => stack.close());

  it.each([
    ['GET', '/health'],
    ['GET', '/sse'],
    ['POST', '/messages'],
    ['GET', '/no-such-path'],
  ])('%s %s with a foreign Host is refused with 403 JSON before any work', async (method, path) => {
    const answer = await raw(stack.url, path, {
      method,
      headers: { host: `evil.example:${port}` },
      body: method === 'POST' ? toolCall('whoami') : undefined,
    });
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual({ error: 'host_not_allowed', message: expect.any(String) });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
  });

  it.each(['localhost', `localhost:${'PORT'}`, '127.0.0.1', '[::1]:9', 'LOCALHOST.'])('Host %s is accepted (port-agnostic)', async (host) => {
    const answer = await raw(stack.url, '/health', { headers: { host: host.replace('PORT', port) } });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a foreign Origin is refused with 403, on tool calls and on the stream (DNS rebinding)', async () => {
    const headers = { host: `localhost:${port}`, origin: 'http://evil.example' };
    const post = await raw(stack.url, '/messages', { method: 'POST', headers, body: toolCall('whoami') });
    expect(post.status).toBe(403);
    expect(post.json?.error).toBe('origin_not_allowed');
    expect((await raw(stack.url, '/sse', { headers })).status).toBe(403);
    expect((await raw(stack.url, '/health', { headers: { origin: 'null' } })).status).toBe(403);
  });

  it('every answer carries X-Content-Type-Options once: the lanes\' (202, JSON, stream, errors) and express\'s', async () => {
    const stream = await SseClient.open(stack.url);
    try {
      expect(stream.response.headers['x-content-type-options']).toBe('nosniff');
      const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
      const mcp = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
      const answers = {
        accepted: await raw(stack.url, stream.endpoint, { method: 'POST', body: ping }),
        unknownSession: await raw(stack.url, '/messages?sessionId=no-such-session', { method: 'POST', body: ping }),
        direct: await raw(stack.url, '/messages', { method: 'POST', body: ping }),
        badJson: await raw(stack.url, '/messages', { method: 'POST', headers: { 'content-type': 'application/json' }, body: undefined }),
        mcpJson: await raw(stack.url, '/mcp', { method: 'POST', headers: mcp, body: ping }),
        mcpNotification: await raw(stack.url, '/mcp', { method: 'POST', headers: mcp, body: { jsonrpc: '2.0', method: 'notifications/initialized' } }),
        health: await raw(stack.url, '/health'),
        noRoute: await raw(stack.url, '/no-such-path'),
      };
      expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, [answer.status, answer.headers['x-content-type-options']]]))).toEqual({
        accepted: [202, 'nosniff'],
        unknownSession: [404, 'nosniff'],
        direct: [200, 'nosniff'],
        badJson: [400, 'nosniff'],
        mcpJson: [200, 'nosniff'],
        mcpNotification: [202, 'nosniff'],
        health: [200, 'nosniff'],
        noRoute: [404, 'nosniff'],
      });
      // 202s: an empty body with its length given, not a chunked one.
      for (const accepted of [answers.accepted, answers.mcpNotification]) {
        expect([accepted.headers['content-length'], accepted.headers['transfer-encoding'], accepted.body]).toEqual(['0', undefined, '']);
      }
    } finally {
      stream.close();
    }
  });

  it('a localhost Origin on any port passes in development, and no Origin at all passes', async () => {
    const withOrigin = await raw(stack.url, '/messages', {
      method: 'POST',
      headers: { origin: 'http://localhost:5173', authorization: 'Bearer demo-manager-token' },
      body: toolCall('whoami'),
    });
    expect(withOrigin.status).toBe(200);
    expect(withOrigin.json?.result?.isError).toBeUndefined();
    expect((await raw(stack.url, '/health')).status).toBe(200);
  });
});

describe('door: Host and Origin (configured)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: { ALLOWED_HOSTS: 'tools.example.com', ALLOWED_ORIGINS: 'https://app.example.com' } });
  });
  afterAll(() => stack.close());

  it('only the listed names are accepted: loopback names are no longer implied', async () => {
    expect((await raw(stack.url, '/health', { headers: { host: 'tools.example.com' } })).status).toBe(200);
    expect((await raw(stack.url, '/health', { headers: { host: 'Tools.Example.com:8443' } })).status).toBe(200);
    expect((await raw(stack.url, '/health')).status).toBe(403); // Host: 127.0.0.1:port
  });

  it('only the listed origin is accepted, with any port unless one is named', async () => {
    const headers = (origin: string) => ({ host: 'tools.example.com', origin });
    expect((await raw(stack.url, '/health', { headers: headers('https://app.example.com') })).status).toBe(200);
    expect((await raw(stack.url, '/health', { headers: headers('https://app.example.com:444') })).status).toBe(200);
    expect((await raw(stack.url, '/health', { headers: headers('http://app.example.com') })).status).toBe(403);
    expect((await raw(stack.url, '/health', { headers: headers('https://app.example.com.evil.example') })).status).toBe(403);
  });
});

describe('createHostCheck keeps the last Host it judged', () => {
  it('answers each value on its own, whatever came before it', () => {
    const allowed = createHostCheck(['localhost', 'api.example.com']);
    const hosts = ['localhost:3000', 'localhost:3000', 'evil.example', 'evil.example', 'API.example.com.', undefined, 'localhost:3000', 'evil.example:3000'];
    expect(hosts.map((host) => allowed(host))).toEqual([true, true, false, false, true, false, true, false]);
  });
});
