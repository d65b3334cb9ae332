// ctx.api with a FormData body (src/upstream/form-data.ts): Node's global FormData is sent like undici's,
// with the boundary undici writes and the caller's credentials; UPSTREAM_MAX_UPLOAD_BYTES counts the parts'
// bytes, so a body of exactly the limit goes and one byte more is refused before any request.
import { createUpstream, type Upstream } from '../../src/upstream/api-client';
import { InvalidUpstreamRequestError } from '../../src/upstream/errors';
import { startMultipartApi, type MultipartApi } from '../support/multipart-api';

const scope = () => ({ headers: { authorization: 'Bearer up-1' } as Record<string, string>, tenantId: undefined, signal: new AbortController().signal });

describe('the API client with a FormData body', () => {
  let api: MultipartApi;
  let upstream: Upstream;
  beforeAll(async () => {
    api = await startMultipartApi();
    upstream = createUpstream({ baseUrl: api.url, maxUploadBytes: 1024 });
  });
  afterAll(async () => {
    await upstream.close();
    await api.close();
  });

  it("Node's global FormData goes as multipart/form-data with undici's boundary, the credentials kept, the parts exact", async () => {
    const form = new FormData();
    form.append('title', 'Q3 report');
    form.append('file', new Blob([new Uint8Array([1, 0, 255])], { type: 'application/octet-stream' }), 'q3.bin');
    expect(await upstream.forCall(scope()).post('/uploads', form)).toEqual({ Id: 'file-1' });
    const [received] = api.received;
    expect([received?.method, received?.url, received?.headers.authorization]).toEqual(['POST', '/uploads', 'Bearer up-1']);
    expect(received?.contentType).toMatch(/^multipart\/form-data; boundary=\S+$/);
    expect(received?.parts).toEqual([
      { name: 'title', bytes: Buffer.from('Q3 report') },
      { name: 'file', filename: 'q3.bin', type: 'application/octet-stream', bytes: Buffer.from([1, 0, 255]) },
    ]);
  });

  it('a body of exactly the limit is sent; one byte more is refused with a sentence, and nothing reaches the API', async () => {
    const upload = (bytes: number) => {
      const form = new FormData();
      form.append('note', 'ab');
      form.append('file', new Blob([new Uint8Array(bytes - 2)]), 'f.bin');
      return upstream.forCall(scope()).post('/uploads', form);
    };
    await expect(upload(1024)).resolves.toEqual({ Id: 'file-1' });
    const before = api.received.length;
    const refused = await upload(1025).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidUpstreamRequestError);
    expect(refused).toMatchObject({
      code: 'UPSTREAM_REQUEST_INVALID',
      userMessage: 'The upload is 1025 bytes, more than the 1024 bytes this tool server sends in one request, so nothing was sent. Use a smaller file, or ask your administrator to raise UPSTREAM_MAX_UPLOAD_BYTES.',
    });
    expect(api.received.length).toBe(before);
  });
});
