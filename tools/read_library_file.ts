// Example tool: reads a named file from the user's library at the hub and returns its text.
import { z } from 'zod';
import { defineTool } from '../src/tools';

/** More than a model can use in one answer; longer files are cut with a note. */
const MAX_CHARS = 100_000;

const TEXT_TYPES = /^(text\/|application\/(json|xml|csv|x-yaml|yaml|markdown)\b|[^;]*\+(json|xml)\b)/i;

export default defineTool({
  name: 'read_library_file',
  description:
    "Read a text file from the user's file library by its exact name (e.g. a CSV, a note or a JSON export) and return its content. " +
    'The name must match exactly; there is no way to list the library, so ask the user for the name if unsure.',
  input: {
    name: z.string().min(1).max(255).describe('The exact file name in the library, e.g. "orders-2026-11.csv".'),
  },
  annotations: { readOnlyHint: true },
  async handler({ name }, ctx) {
    const file = await ctx.files.fetch(name);
    if (file.contentType && !TEXT_TYPES.test(file.contentType) && file.content.includes(0)) {
      return `The file "${name}" is not a text file (${file.contentType}), so its content cannot be shown here.`;
    }
    const text = file.content.toString('utf8');
    if (text.length === 0) return `The file "${name}" is empty.`;
    if (text.length <= MAX_CHARS) return text;
    return `${text.slice(0, MAX_CHARS)}\n\n[Only the first ${MAX_CHARS} of ${text.length} characters are shown.]`;
  },
});
