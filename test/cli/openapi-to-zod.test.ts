// Enums as the importer writes them (cli/openapi/to-zod.ts): strings as z.enum, both booleans as a plain
// boolean, numbers and mixed values as one multi-value z.literal, which zod lists as `{type, enum}`; a list
// whose enum lists lists takes their elements as its items' values; objects leave the enum to the API.
import { z } from 'zod';
import { toZod } from '../../cli/openapi/to-zod';
import type { Schema } from '../../cli/openapi/schema';
import { defineTool } from '../../src/tools/define-tool';
import { refusedKeywords } from '../../scripts/openapi-host-check';

/** The schema a tool lists for one input generated from `schema`. */
function listed(schema: Schema): unknown {
  const input = new Function('z', `return { value: ${toZod(schema)} };`)(z) as z.ZodRawShape;
  const tool = defineTool({ name: 'probe', description: 'Probes.', input, handler: () => '' });
  return (tool.descriptor.inputSchema.properties as Record<string, unknown>).value;
}

/** What the generated zod schema makes of `value`: accepted or not. */
function accepts(schema: Schema, value: unknown): boolean {
  return (new Function('z', `return ${toZod(schema)};`)(z) as z.ZodType).safeParse(value).success;
}

describe('toZod, enums', () => {
  it.each([
    [{ type: 'boolean', enum: [true, false] }, 'z.boolean()', { type: 'boolean' }],
    [{ type: 'boolean', enum: [true] }, 'z.literal(true)', { type: 'boolean', enum: [true] }],
    [{ type: 'integer', enum: [0, 1] }, 'z.literal([0, 1])', { type: 'number', enum: [0, 1] }],
    [{ type: 'number', enum: [0.5, 1, 1] }, 'z.literal([0.5, 1])', { type: 'number', enum: [0.5, 1] }],
    [{ enum: [1, 'one', null] }, "z.literal([1, 'one'])", { enum: [1, 'one'] }],
    [{ type: 'string', enum: ['a', 'b'] }, "z.enum(['a', 'b'])", { type: 'string', enum: ['a', 'b'] }],
    [{ type: 'array', items: { type: 'string' }, enum: [['abuse'], ['bounce', 'click']] }, "z.array(z.enum(['abuse', 'bounce', 'click']))", { type: 'array', items: { type: 'string', enum: ['abuse', 'bounce', 'click'] } }],
    [{ type: 'object', enum: [{ a: 1 }] }, 'z.record(z.string(), z.unknown())', { type: 'object', additionalProperties: {} }],
    [{ const: 3 }, 'z.literal(3)', { type: 'number', enum: [3] }],
  ] as Array<[Schema, string, unknown]>)('%j → %s, listed as %j', (schema, source, schemaListed) => {
    expect(toZod(schema)).toBe(source);
    expect(listed(schema)).toEqual(schemaListed);
    expect(refusedKeywords(listed(schema))).toEqual([]);
  });

  it('the generated schema takes exactly the document\'s values', () => {
    expect([true, false, 'true'].map((value) => accepts({ type: 'boolean', enum: [true, false] }, value))).toEqual([true, true, false]);
    expect([0, 1, 2, '1'].map((value) => accepts({ type: 'integer', enum: [0, 1] }, value))).toEqual([true, true, false, false]);
    const actions: Schema = { type: 'array', items: { type: 'string' }, enum: [['abuse'], ['bounce']] };
    expect([['abuse'], ['abuse', 'bounce'], ['spam'], 'abuse'].map((value) => accepts(actions, value))).toEqual([true, true, false, false]);
  });
});
