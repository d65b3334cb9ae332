// The API's words reach the model whatever the shape of its error body: a loopback API answers as Xero
// (its documented 400 body, read from the Xero fixture, and its Title/Detail refusal) and as Trello (bare
// `text/plain` sentences), and with the edge cases of plain text (a stack trace, a page of markup, JSON
// under a text label, no type at all, a body over the cap). Through the real client and the model's sentence.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { listen, type Listening } from '../../src/http/listen';
import { failureResult, MESSAGES } from '../../src/tools/results';
import { createUpstream, type Upstream } from '../../src/upstream/api-client';
import { MAX_ERROR_BODY_BYTES } from '../../src/upstream/error-body';
import { UpstreamHttpError } from '../../src/upstream/errors';

type Answer = { content: Record<string, { example: string }> };
type Fixture = { paths: Record<string, Record<string, { responses: Record<string, Answer> }>> };
const xero = JSON.parse(readFileSync(join(__dirname, '../fixtures/openapi/xero-contact-groups.json'), 'utf8')) as Fixture;
/** Xero Accounting's documented 400 for PUT /ContactGroups: capitalised keys, the message inside `Elements[].ValidationErrors`. */
const XERO_400 = xero.paths['/ContactGroups']!.put!.responses['400']!.content['application/json']!.example;

/** Path → status, content type (none when undefined) and body. */
const ANSWERS: Record<string, [number, string | undefined, string]> = {
  '/xero/contact-groups': [400, 'application/json; charset=utf-8', XERO_400],
  '/xero/forbidden': [403, 'application/json', JSON.stringify({ Type: null, Title: 'Forbidden', Status: 403, Detail: 'AuthorizationUnsuccessful', Instance: 'a1b2', Extensions: {} })],
  '/trello/cards': [400, 'text/plain; charset=utf-8', 'invalid id'],
  '/trello/token': [401, 'text/plain; charset=utf-8', 'unauthorized permission requested'],
  '/plain/stack': [400, 'text/plain', 'Error: invalid value for due\n    at parse (/srv/app/lib/dates.js:10:5)\n    at Layer.handle (/srv/app/node_modules/router/layer.js:95:5)'],
  '/plain/page': [404, 'text/plain', '<!DOCTYPE html><html><head><title>Not Found</title></head><body><h1>Sorry</h1></body></html>'],
  '/plain/json': [422, 'text/plain', JSON.stringify({ errors: [{ message: 'name is too long' }] })],
  '/plain/untyped': [409, undefined, 'a board with that name already exists'],
  '/plain/huge': [400, 'text/plain', 'x'.repeat(MAX_ERROR_BODY_BYTES + 1)],
};

const scope = () => ({ headers: { authorization: 'Bearer user-token' }, tenantId: undefined, signal: new AbortController().signal });

describe("an error body of any shape gives the API's words", () => {
  let api: Listening;
  let upstream: Upstream;
  beforeAll(async () => {
    api = await listen(
      createServer((req, res) => {
        const [status, type, body] = ANSWERS[req.url ?? ''] ?? [500, 'text/plain', 'no such answer'];
        res.writeHead(status, { ...(type === undefined ? {} : { 'content-type': type }), 'content-length': Buffer.byteLength(body) }).end(body);
      }),
    );
    upstream = createUpstream({ baseUrl: api.url });
  });
  afterAll(async () => {
    await upstream.close();
    await api.close();
  });

  /** The error a call to `path` fails with, and the sentence the model reads. */
  const failed = async (path: string, client = upstream) => {
    const error = (await client.forCall(scope()).get(path).catch((e: unknown) => e)) as UpstreamHttpError;
    expect(error).toBeInstanceOf(UpstreamHttpError);
    return { error, said: (failureResult(error).result.content[0] as { text: string }).text };
  };

  it("Xero's documented 400: its message and the validation error inside Elements, not the echoed record's Name or Description", async () => {
    const { said, error } = await failed('/xero/contact-groups');
    expect(said).toBe(`The company's system refused the request (HTTP 400): "A validation exception occurred: You’ve reached the limit of 100 contact groups.". Please check the request and try again.`);
    expect(error.body).toMatchObject({ ErrorNumber: 10, Type: 'ValidationException' });
  });

  it("Xero's Title/Detail refusal: the Detail after the permission sentence", async () => {
    expect((await failed('/xero/forbidden')).said).toBe(`${MESSAGES.forbidden} The company's system said: "AuthorizationUnsuccessful".`);
  });

  it("Trello's text/plain 400 is the reason; its 401's words are kept on the error, the sentence stays the contract's", async () => {
    expect((await failed('/trello/cards')).said).toBe(`The company's system refused the request (HTTP 400): "invalid id". Please check the request and try again.`);
    const { said, error } = await failed('/trello/token');
    expect(said).toBe(MESSAGES.sessionExpired);
    expect(error.reason).toEqual({ text: 'unauthorized permission requested' });
    expect(error.body).toBeUndefined();
  });

  it('a stack trace after the words is cut: no file or frame reaches the model', async () => {
    const { said } = await failed('/plain/stack');
    expect(said).toBe(`The company's system refused the request (HTTP 400): "Error: invalid value for due". Please check the request and try again.`);
  });

  it('a page of markup labelled text/plain gives no reason', async () => {
    expect((await failed('/plain/page')).said).toBe("The company's system returned an error (HTTP 404). Please check the request and try again.");
  });

  it('JSON labelled text/plain reads as JSON, body included', async () => {
    const { said, error } = await failed('/plain/json');
    expect(said).toContain('(HTTP 422): "name is too long".');
    expect(error.body).toEqual({ errors: [{ message: 'name is too long' }] });
  });

  it('a body without a content type is read as plain text', async () => {
    expect((await failed('/plain/untyped')).said).toContain('(HTTP 409): "a board with that name already exists".');
  });

  it('a plain-text body over the cap gives no reason', async () => {
    expect((await failed('/plain/huge')).error).toMatchObject({ status: 400, reason: undefined, body: undefined });
  });

  it('with the reason turned off, a plain-text body is not read', async () => {
    const quiet = createUpstream({ baseUrl: api.url, errorReason: false });
    try {
      const { said, error } = await failed('/trello/cards', quiet);
      expect(error.reason).toBeUndefined();
      expect(said).toBe("The company's system returned an error (HTTP 400). Please check the request and try again.");
    } finally {
      await quiet.close();
    }
  });
});
