// The schema checks the other card tests rely on (test/support/card-rules.ts) fail where the published
// schemas do: otherwise a passing card test would prove nothing.
import { serverCardProblems, serverJsonProblems } from '../support/card-rules';

const card = {
  $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
  name: 'org.example/weather',
  version: '1.0.0',
  description: 'Forecasts.',
  remotes: [{ type: 'streamable-http', url: 'https://{region}.example.org/mcp', headers: [{ name: 'Authorization', isSecret: true }], supportedProtocolVersions: ['2025-11-25'] }],
};
const registry = {
  $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
  name: 'org.example/weather',
  version: '1.0.0',
  description: 'Forecasts.',
  remotes: [{ type: 'streamable-http', url: 'https://weather.example.org/mcp', headers: [{ name: 'Authorization', isRequired: true, isSecret: true }] }],
};

describe('Server Card rules', () => {
  it('pass a valid card, and the smallest one', () => {
    expect(serverCardProblems(card)).toEqual([]);
    expect(serverCardProblems({ $schema: card.$schema, name: 'a/b', version: '1', description: 'x' })).toEqual([]);
  });

  it.each([
    ['no name', { name: undefined }, '$.name: is required'],
    ['a name without a slash', { name: 'weather' }, '$.name: must match'],
    ['a date-versioned $schema', { $schema: 'https://static.modelcontextprotocol.io/schemas/2025-11-25/server-card.schema.json' }, '$.$schema: must match'],
    ['no $schema', { $schema: undefined }, '$.$schema: is required'],
    ['a description over 100 characters', { description: 'd'.repeat(101) }, '$.description: must have at most 100'],
    ['an empty title', { title: '' }, '$.title: must have at least 1'],
    ['an unknown transport', { remotes: [{ type: 'websocket', url: 'https://x.example/mcp' }] }, '$.remotes[0].type'],
    ['a relative remote URL', { remotes: [{ type: 'sse', url: '/mcp' }] }, '$.remotes[0].url: must match'],
    ['a header without a name', { remotes: [{ type: 'sse', url: 'https://x.example/sse', headers: [{ isSecret: true }] }] }, '$.remotes[0].headers[0].name: is required'],
    ['a header flag that is not a boolean', { remotes: [{ type: 'sse', url: 'https://x.example/sse', headers: [{ name: 'A', isSecret: 'yes' }] }] }, '$.remotes[0].headers[0].isSecret'],
  ])('fail %s', (_what, change, problem) => {
    expect(serverCardProblems({ ...card, ...change }).join('\n')).toContain(problem);
  });
});

describe('server.json rules (schema 2025-12-11 and the registry\'s validators)', () => {
  it('pass a valid document', () => {
    expect(serverJsonProblems(registry)).toEqual([]);
  });

  it.each([
    ['an older $schema', { $schema: 'https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json' }, '$.$schema: must be the current schema'],
    ['a namespace ending in a dot', { name: 'org.example./weather' }, '$.name: namespace and name must start and end'],
    ['a version range', { version: '^1.0.0' }, '$.version: must be one version'],
    ['a wildcard version', { version: '1.x' }, '$.version: must be one version'],
    ['latest', { version: 'latest' }, '$.version: must be one version'],
    ['a blank title', { title: '  ' }, '$.title: must not be only whitespace'],
    ['an http remote', { remotes: [{ type: 'streamable-http', url: 'http://weather.example.org/mcp' }] }, '$.remotes[0].url: must be https'],
    ['a localhost remote', { remotes: [{ type: 'streamable-http', url: 'https://localhost:3000/mcp' }] }, '$.remotes[0].url: must not be localhost'],
    ['a _meta key the registry drops', { _meta: { 'com.example/x': {} } }, '$._meta: only'],
  ])('fail %s', (_what, change, problem) => {
    expect(serverJsonProblems({ ...registry, ...change }).join('\n')).toContain(problem);
  });
});
