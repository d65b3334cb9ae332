// Readiness in oauth mode: /health answers 503 naming the authorization server until its metadata
// has been read once; a /mcp request arriving meanwhile waits for it instead of 503 at once; once /health
// says 200 the very next call succeeds; and an authorization server that goes away later leaves /health at
// 200, naming the degraded state, while verified tokens keep serving. Against the real authorization server.
import { call, postMcp, startOAuthStack, type OAuthStack } from './oauth-stack';

interface Health {
  status: number;
  body: { status: string; error?: string; degraded?: string };
}

async function health(url: string): Promise<Health> {
  const response = await fetch(`${url}/health`);
  return { status: response.status, body: (await response.json()) as Health['body'] };
}

/** Polls /health as a load balancer does, until it says 200; returns every answer seen. */
async function untilHealthy(url: string, timeoutMs = 10_000): Promise<Health[]> {
  const seen: Health[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await health(url);
    seen.push(answer);
    if (answer.status === 200) return seen;
    if (Date.now() > deadline) throw new Error(`/health still ${answer.status} after ${timeoutMs} ms: ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('auth readiness: the authorization server started after the tool server', () => {
  let stack: OAuthStack;
  beforeAll(async () => {
    stack = await startOAuthStack({ asDown: true });
  });
  afterAll(() => stack.close());

  it('/health is 503 naming the authorization server until it is discovered; the first call after the first 200 succeeds', async () => {
    const before = await health(stack.url);
    expect(before).toEqual({ status: 503, body: { status: 'unhealthy', error: expect.stringContaining(`authorization-server: ${stack.as.issuer} not discovered yet: `) } });

    await stack.as.start();
    const seen = await untilHealthy(stack.url);
    expect(seen.at(-1)!.body).toEqual({ status: 'healthy' });
    // The very next request after the first 200, with a token it has never seen, is served.
    const response = await postMcp(stack.url, call('read_item', { id: 'first' }), await stack.token('first-user', ['orders:read']));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ result: { content: [{ text: '{"id":"first"}' }] } });
  });

  it('an outage after discovery keeps /health at 200 naming the degraded state; verified tokens keep serving', async () => {
    const token = await stack.token('steady-user', ['orders:read']);
    expect((await postMcp(stack.url, call('read_item', { id: 'before-outage' }), token)).status).toBe(200);
    await stack.as.stop();
    try {
      expect(await health(stack.url)).toEqual({ status: 200, body: { status: 'healthy', degraded: expect.stringMatching(/^authorization-server: .* does not answer \(ECONNREFUSED\)/) } });
      expect((await postMcp(stack.url, call('read_item', { id: 'during-outage' }), token)).status).toBe(200);
    } finally {
      await stack.as.start();
    }
    expect(await health(stack.url)).toEqual({ status: 200, body: { status: 'healthy' } });
  });
});

describe('auth readiness: an authorization server whose metadata answers slowly', () => {
  let stack: OAuthStack;
  beforeAll(async () => {
    stack = await startOAuthStack({ metadataDelayMs: 1_500, discovered: false });
  });
  afterAll(() => stack.close());

  it('a /mcp request arriving during discovery waits for it and is served; /health meanwhile says 503', async () => {
    const token = await stack.token('early-user', ['orders:read']);
    expect(stack.discovery.current()).toBeUndefined();
    const early = postMcp(stack.url, call('read_item', { id: 'early' }), token);
    const during = await health(stack.url);
    expect(during.status).toBe(503);
    expect(during.body.error).toContain('authorization-server: ');
    const response = await early;
    expect(response.status).toBe(200);
    expect(stack.discovery.current()).toBeDefined();
    expect((await health(stack.url)).status).toBe(200);
  });
});
