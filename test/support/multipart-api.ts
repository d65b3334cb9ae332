// A loopback stand-in for an API that takes uploads: each request's multipart/form-data body is parsed by
// undici's Response.formData() (the Fetch standard's parser, as a server would read it) into its parts:
// name, filename, content type and bytes, in the order they came. It answers 201 with a small JSON body.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { Response } from 'undici';
import { listen } from '../../src/http/listen';

export interface ReceivedPart {
  name: string;
  /** Set for a part sent with a filename (a file, or a JSON part): undici gives those as File. */
  filename?: string;
  /** The part's Content-Type; a part without a filename has none (it is text). */
  type?: string;
  /** The bytes, as text for a text part; compare with Buffer.from(…) for binary ones. */
  bytes: Buffer;
}

export interface ReceivedUpload {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  contentType: string | undefined;
  parts: ReceivedPart[];
}

export interface MultipartApi {
  url: string;
  received: ReceivedUpload[];
  close(): Promise<void>;
}

export async function startMultipartApi(): Promise<MultipartApi> {
  const received: ReceivedUpload[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const contentType = req.headers['content-type'];
      const parse = async (): Promise<ReceivedPart[]> => {
        const form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': contentType ?? '' } }).formData();
        const parts: ReceivedPart[] = [];
        for (const [name, value] of form) {
          if (typeof value === 'string') parts.push({ name, bytes: Buffer.from(value, 'utf8') });
          else parts.push({ name, filename: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
        }
        return parts;
      };
      parse().then(
        (parts) => {
          received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, contentType, parts });
          res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ Id: 'file-1' }));
        },
        (error: unknown) => res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(error) })),
      );
    });
  });
  const listening = await listen(server);
  return { url: listening.url, received, close: listening.close };
}
