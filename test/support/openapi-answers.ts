// Run with tsx inside a project copy after `npm run openapi`: calls each generated tool of the given
// documents through the real tool server into a loopback API that answers every call with the same body
// and Content-Type (as a vendor whose document declares */* may answer), and writes what the API
// received and what the model read, as JSON to <out> (test/cli/openapi-answers.test.ts).
// usage: tsx test/support/openapi-answers.ts <out.json> <content-type> <body> <document>…
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadDocument } from '../../cli/openapi/load';
import { listOperations, type Operation } from '../../cli/openapi/operations';
import { startToolServer } from '../../src/tools/testing';
import { tools } from '../../tools';
import { fullArguments } from './full-arguments';

export interface AnswerTrip {
  tool: string;
  received: { method: string; url: string; accept: string | undefined; text: string };
  isError: boolean;
  text: string;
}

const readAll = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

async function main([out = '', contentType = '', body = '', ...documents]: string[]): Promise<void> {
  const operations = new Map<string, Operation>();
  for (const document of documents) for (const op of listOperations(await loadDocument(document))) operations.set(op.toolName, op);
  const received: AnswerTrip['received'][] = [];
  const api = createServer(async function vendorApi(req, res) {
    received.push({ method: req.method ?? '', url: req.url ?? '', accept: req.headers.accept, text: await readAll(req) });
    res.writeHead(200, { 'content-type': contentType }).end(body);
  });
  await new Promise<void>((done) => api.listen(0, '127.0.0.1', done));
  const server = await startToolServer({ tools: tools.filter((tool) => operations.has(tool.name)), apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, env: { USER_CALLS_PER_MINUTE: '0' } });
  const trips: AnswerTrip[] = [];
  try {
    for (const tool of tools.filter((candidate) => operations.has(candidate.name))) {
      const { text, isError } = await server.call(tool.name, fullArguments(operations.get(tool.name)!), { authorization: 'Bearer test-token' });
      trips.push({ tool: tool.name, received: received.at(-1)!, isError, text });
    }
  } finally {
    await server.close();
    await new Promise((done) => api.close(done));
  }
  writeFileSync(out, JSON.stringify(trips));
}

void main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`openapi-answers: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
