// A redirect the API answers is not followed (the call's credentials go to no other address) and reads as
// what it is: the API moved or sends the request elsewhere, not "check the request". A loopback API
// redirects to a second loopback server, which must never be asked.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { listen, type Listening } from '../../src/http/listen';
import { failureResult } from '../../src/tools/results';
import { createUpstream, type Upstream } from '../../src/upstream/api-client';
import { UpstreamHttpError } from '../../src/upstream/errors';

const scope = () => ({ headers: { authorization: 'Bearer user-token-7' }, tenantId: undefined, signal: new AbortController().signal });

describe('a redirect from the API', () => {
  let elsewhere: Listening;
  let api: Listening;
  let upstream: Upstream;
  const seenElsewhere: IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    elsewhere = await listen(
      createServer((req, res) => {
        seenElsewhere.push(req.headers);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"moved":"here"}');
      }),
    );
    api = await listen(
      createServer((req, res) => {
        const status = Number((req.url ?? '').split('/')[1]);
        res.writeHead(status, { location: `${elsewhere.url}/new${req.url ?? ''}`, 'content-type': 'application/json' }).end('{"message":"Moved Permanently"}');
      }),
    );
    upstream = createUpstream({ baseUrl: api.url });
  });
  afterAll(async () => {
    await upstream.close();
    await api.close();
    await elsewhere.close();
  });

  /** The error a call fails with and the sentence the model reads. */
  const failed = async (status: number, method: 'get' | 'post' = 'get') => {
    const api = upstream.forCall(scope());
    const error = (await (method === 'get' ? api.get(`/${status}/boards/b1`) : api.post(`/${status}/boards`, { body: { name: 'x' } })).catch((e: unknown) => e)) as UpstreamHttpError;
    expect(error).toBeInstanceOf(UpstreamHttpError);
    // Not followed: the other address never receives the request, nor its credentials.
    expect(seenElsewhere).toEqual([]);
    return { error, said: (failureResult(error).result.content[0] as { text: string }).text };
  };

  it.each([301, 308])('%i reads as the API having moved, with the reason redirects are not followed, and a next step', async (status) => {
    const { error, said } = await failed(status);
    expect(error.status).toBe(status);
    expect(said).toBe(
      `The company's system has moved to another address (HTTP ${status} redirect). This tool server does not follow redirects, on purpose: the user's credentials are sent only to the API address it was set up with. Do not retry the same request: if the item was moved or renamed, look it up again and use its new identifier; otherwise ask your administrator to update the API address this tool server uses.`,
    );
  });

  it.each([302, 307])('%i reads as the API redirecting this request', async (status) => {
    expect((await failed(status)).said).toMatch(new RegExp(`^The company's system is redirecting this request to another address \\(HTTP ${status} redirect\\)\\. This tool server does not follow redirects`));
  });

  it('303 to a POST says the request may already have been carried out: check before trying again', async () => {
    const { said } = await failed(303, 'post');
    expect(said).toMatch(/^The company's system answered that the result is at another address \(HTTP 303 redirect\), so the request may already have been carried out\./);
    expect(said).toContain('Check whether it took effect before trying again');
    expect(said).not.toContain('check the request');
  });

  it('304 is no redirect of a call: it keeps the sentence of before', async () => {
    expect((await failed(304)).said).toBe("The company's system returned an error (HTTP 304). Please check the request and try again.");
  });
});
