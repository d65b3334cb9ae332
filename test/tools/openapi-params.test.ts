// The exact wire form of OpenAPI parameter styles: each operation of `parameters-style.json`
// (@readme/oas-examples) is read by the generator, sent through the real tool server with the
// serializer generated tools use, and what the API receives must equal the OpenAPI 3.1.1 specification's
// own style table (primitive "blue", array [blue, black, brown], object {R: 100, G: 200, B: 150}).
import { join } from 'node:path';
import { z } from 'zod';
import { loadDocument } from '../../cli/openapi/load';
import { listOperations, type Operation } from '../../cli/openapi/operations';
import { defineTool, type Tool } from '../../src/tools';
import { formBody, openApiParameters } from '../../src/tools/openapi-params';
import { startFakeApi, startToolServer, type FakeApi, type TestServer } from '../../src/tools/testing';
import { ROOT } from '../support/project-copy';

const DOCUMENT = join(ROOT, 'node_modules/@readme/oas-examples/3.1/json/parameters-style.json');
const args = { primitive: 'blue', array: ['blue', 'black', 'brown'], object: { R: 100, G: 200, B: 150 } };

/** The specification's table ("Style Examples", OpenAPI 3.1.1), for the names primitive, array and object. */
const QUERY: Record<string, string> = {
  query_standard: '/anything/query?primitive=blue&array=blue&array=black&array=brown&R=100&G=200&B=150',
  query_form_exploded: '/anything/query/form?primitive=blue&array=blue&array=black&array=brown&R=100&G=200&B=150',
  query_form_nonExploded: '/anything/query/form?primitive=blue&array=blue,black,brown&object=R,100,G,200,B,150',
  query_spaceDelimited_nonExploded: '/anything/query/spaceDelimited?array=blue%20black%20brown&object=R%20100%20G%20200%20B%20150',
  query_pipeDelimited_nonExploded: '/anything/query/pipeDelimited?array=blue|black|brown&object=R|100|G|200|B|150',
  query_deepObject_nonExploded: '/anything/query/deepObject?object[R]=100&object[G]=200&object[B]=150',
};
const PATH: Record<string, string> = {
  paths_standard: '/anything/path/blue/blue,black,brown/R,100,G,200,B,150',
  paths_simple_nonExploded: '/anything/path/simple/blue/blue,black,brown/R,100,G,200,B,150',
  paths_simple_exploded: '/anything/path/simple/blue/blue,black,brown/R=100,G=200,B=150',
  paths_label_nonExploded: '/anything/path/label/.blue/.blue,black,brown/.R,100,G,200,B,150',
  paths_label_exploded: '/anything/path/label/.blue/.blue.black.brown/.R=100.G=200.B=150',
  paths_matrix_nonExploded: '/anything/path/matrix/;primitive=blue/;array=blue,black,brown/;object=R,100,G,200,B,150',
  paths_matrix_exploded: '/anything/path/matrix/;primitive=blue/;array=blue;array=black;array=brown/;R=100;G=200;B=150',
};
const HEADERS: Record<string, Record<string, string>> = {
  headers_standard: { primitive: 'blue', array: 'blue,black,brown', object: 'R,100,G,200,B,150' },
  headers_simple_nonExploded: { primitive: 'blue', array: 'blue,black,brown', object: 'R,100,G,200,B,150' },
  headers_simple_exploded: { primitive: 'blue', array: 'blue,black,brown', object: 'R=100,G=200,B=150' },
};

/** A tool that sends the operation's parameters exactly as a generated tool does. */
function toolFor(op: Operation): Tool {
  const wire = openApiParameters(op.path, op.parameters);
  return defineTool({
    name: op.toolName,
    description: `Sends ${op.method} ${op.path}.`,
    input: Object.fromEntries(op.parameters.map((p) => [p.key, z.unknown().describe(p.name)])),
    async handler(input, ctx) {
      return JSON.stringify(await ctx.api.request(op.method, op.apiPath, wire(input)));
    },
  });
}

let operations: Operation[];
let api: FakeApi;
let server: TestServer;
beforeAll(async () => {
  operations = listOperations(await loadDocument(DOCUMENT));
  api = await startFakeApi({});
  // The fake answers 404 to every path; the tools' results do not matter, only what the API received.
  server = await startToolServer({ tools: operations.filter((op) => op.operationId! in { ...QUERY, ...PATH, ...HEADERS }).map(toolFor), apiUrl: api.url });
});
afterAll(async () => {
  await server.close();
  await api.close();
});

async function received(operationId: string) {
  const op = operations.find((candidate) => candidate.operationId === operationId);
  if (!op) throw new Error(`parameters-style.json has no ${operationId}`);
  const before = api.requests.length;
  await server.call(op.toolName, args);
  expect(api.requests).toHaveLength(before + 1);
  return api.requests.at(-1)!;
}

describe('OpenAPI parameter styles on the wire (parameters-style.json)', () => {
  it.each(Object.entries(QUERY))('%s sends %s', async (operationId, url) => {
    expect((await received(operationId)).url).toBe(url);
  });

  it.each(Object.entries(PATH))('%s sends %s', async (operationId, path) => {
    expect((await received(operationId)).url).toBe(path);
  });

  it.each(Object.entries(HEADERS))('%s sends the headers %j', async (operationId, headers) => {
    expect((await received(operationId)).headers).toMatchObject(headers);
  });
});

describe('openApiParameters and formBody', () => {
  it('percent-encodes reserved characters unless allowReserved, and leaves out what is not given', () => {
    const wire = openApiParameters('/files/{name}.json', [
      { name: 'name', key: 'name', in: 'path' },
      { name: 'q', key: 'q', in: 'query' },
      { name: 'next', key: 'next', in: 'query', allowReserved: true },
      { name: 'empty', key: 'empty', in: 'query' },
    ]);
    expect(wire({ name: 'a/b c', q: 'x&y=z#', next: '/a?b=c&d#e', empty: [] })).toEqual({
      encodedParams: { name: 'a%2Fb%20c.json' },
      search: 'q=x%26y%3Dz%23&next=/a?b=c%26d%23e',
    });
  });

  it('form-encodes a body, each property exploded unless the encoding says otherwise', () => {
    expect(formBody({ To: '+1 555', Tags: ['a', 'b'], Skip: undefined }, {})).toBe('To=%2B1%20555&Tags=a&Tags=b');
    expect(formBody({ Tags: ['a', 'b'] }, { Tags: { explode: false } })).toBe('Tags=a,b');
  });
});
