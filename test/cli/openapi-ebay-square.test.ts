// `npm run openapi` on eBay's Sell Fulfillment disputes and Square's customers (subsets of the APIs.guru
// documents, NOTICE.md), imported into one fork: every generated tool is called with a value for every
// input through the real tool server, and what the API received is parsed back as the vendor's server
// would (test/support/received-arguments.ts, `qs` for queries); eBay's upload_evidence_file, which says
// upload and declares no body, is generated and flagged for review, not written to post nothing unseen.
import { join } from 'node:path';
import { generateTools, type Planned } from '../../cli/openapi/generate';
import { loadDocument } from '../../cli/openapi/load';
import { listOperations, type Operation } from '../../cli/openapi/operations';
import { copyProject, ROOT, type ProjectCopy, emptyTools } from '../support/project-copy';
import type { RoundTrip } from '../support/openapi-roundtrip';
import { readBack } from '../support/received-arguments';
import { roundTripInCopy } from '../support/roundtrip-in-copy';

const DOCUMENTS = {
  ebay: join(ROOT, 'test/fixtures/openapi/ebay-sell-fulfillment-disputes.json'),
  square: join(ROOT, 'test/fixtures/openapi/square-customers.json'),
};
type Name = keyof typeof DOCUMENTS;

let copy: ProjectCopy;
const planned = {} as Record<Name, Planned[]>;
const operations = {} as Record<Name, Operation[]>;
let reports: RoundTrip[];

beforeAll(async () => {
  copy = copyProject('openapi-ebay-square-');
  emptyTools(copy.root);
  for (const [name, file] of Object.entries(DOCUMENTS) as Array<[Name, string]>) {
    planned[name] = await generateTools({ root: copy.root, file, dryRun: false, tags: [], operations: [] });
    operations[name] = listOperations(await loadDocument(file));
  }
  reports = await roundTripInCopy(copy, [...Object.values(DOCUMENTS).map((file) => `${file}::{}`)]);
}, 300_000);
afterAll(() => copy.remove());

const written = (name: Name) => planned[name].filter((item) => item.action === 'write');

describe('eBay Sell Fulfillment (disputes) and Square (customers)', () => {
  it('generate every operation of both subsets but eBay\'s evidence file download, and type-check in the fork', async () => {
    const skipped = planned.ebay.filter((item) => item.action !== 'write').map((item) => [item.tool, item.action.replace(/ \(.*/, '')]);
    expect(skipped).toEqual([['fetch_evidence_content', 'skipped: it answers a file download']]);
    expect(written('ebay')).toHaveLength(operations.ebay.length - 1);
    expect(written('square')).toHaveLength(operations.square.length);
    expect(written('square').map((item) => item.tool)).toEqual(expect.arrayContaining(['search_customers', 'create_customer', 'add_group_to_customer']));
    const check = await copy.typecheckTools();
    expect([check.code, check.output]).toEqual([0, check.code === 0 ? expect.any(String) : '(the type errors above)']);
  }, 300_000);

  it("flag eBay's upload_evidence_file, which says upload but declares no body, and only it", () => {
    const flagged = written('ebay').filter((item) => item.review.some((note) => note.startsWith('its name says upload')));
    expect(flagged.map((item) => item.tool)).toEqual(['upload_evidence_file']);
  });

  it.each(Object.keys(DOCUMENTS) as Name[])('%s: every argument of every generated tool round-trips exactly, at the documented path', (name) => {
    const tools = new Set(written(name).map((item) => item.tool));
    const mine = reports.filter((item) => tools.has(item.tool));
    expect(mine).toHaveLength(tools.size);
    for (const { tool, args, isError, text, received } of mine) {
      expect([tool, isError, text]).toEqual([tool, false, expect.any(String)]);
      const { read, expected } = readBack(operations[name].find((op) => op.toolName === tool)!, args, received!, 'last');
      expect([tool, read]).toEqual([tool, expected]);
    }
  });
});
