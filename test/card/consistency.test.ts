// The card says what the live connection says (the draft's Consistency with Runtime Behavior): the same
// name, version, title and description from server/discover (the SDK v2 client, 2026-07-28) and from
// initialize (the SDK v1 client, 2025-11-25), and protocol versions that include every one the server
// answers with. Each revision gets the serverInfo fields it knows.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { raw } from '../door/request';
import { MODERN } from '../support/mcp-post';
import { startStack, type Stack } from '../support/stack';

const info = { name: 'io.github.acme/orders', version: '3.1.4', title: 'Acme orders', description: 'Find, read and create orders for the signed-in user.' };

interface Card {
  name: string;
  version: string;
  title: string;
  description: string;
  remotes: Array<{ supportedProtocolVersions: string[] }>;
}

let stack: Stack;
let card: Card;
beforeAll(async () => {
  stack = await startStack({ info });
  card = JSON.parse((await raw(stack.url, '/mcp/server-card')).body) as Card;
});
afterAll(() => stack.close());

const identityOf = ({ name, version, title, description }: Record<string, unknown>) => ({ name, version, title, description });

it('server/discover (the SDK v2 client, 2026-07-28) names the server as the card does, and its versions are the card\'s', async () => {
  const client = new Client({ name: 'card-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: MODERN } } } as never);
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(`${stack.url}/mcp`)));
    expect(client.getProtocolEra()).toBe('modern');
    expect(identityOf({ ...client.getServerVersion() })).toEqual(identityOf({ ...card }));
    const discovered = client.getDiscoverResult() as { supportedVersions: string[] };
    expect(discovered.supportedVersions.length).toBeGreaterThan(0);
    for (const version of discovered.supportedVersions) expect(card.remotes[0]!.supportedProtocolVersions).toContain(version);
  } finally {
    await client.close();
  }
});

it('initialize (the SDK v1 client, 2025-11-25) names the server as the card does, at a version the card lists', async () => {
  const client = new ClientV1({ name: 'card-test', version: '1.0.0' });
  const transport = new TransportV1(new URL(`${stack.url}/mcp`));
  try {
    await client.connect(transport);
    expect(identityOf({ ...client.getServerVersion() })).toEqual(identityOf({ ...card }));
    expect(card.remotes[0]!.supportedProtocolVersions).toContain(transport.protocolVersion);
  } finally {
    await client.close();
  }
});

it.each([
  ['2024-11-05', { name: info.name, version: info.version }],
  ['2025-06-18', { name: info.name, version: info.version, title: info.title }],
  ['2025-11-25', info],
])('initialize at %s gets the serverInfo fields that revision defines', async (protocolVersion, expected) => {
  const answer = await raw(stack.url, '/mcp', {
    method: 'POST',
    headers: { accept: 'application/json, text/event-stream' },
    body: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '0' } } },
  });
  const result = (JSON.parse(answer.body) as { result: { protocolVersion: string; serverInfo: unknown } }).result;
  expect(result.protocolVersion).toBe(protocolVersion);
  expect(result.serverInfo).toEqual(expected);
  expect(card.remotes[0]!.supportedProtocolVersions).toContain(protocolVersion);
});

it('on the hub\'s lane too: initialize at 2024-11-05 gets name and version only, the contract\'s fields', async () => {
  const answer = await raw(stack.url, '/messages', { method: 'POST', body: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'hub', version: '0' } } } });
  expect((JSON.parse(answer.body) as { result: { serverInfo: unknown } }).result.serverInfo).toEqual({ name: info.name, version: info.version });
});
